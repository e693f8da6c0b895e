import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { CommentItem, Page } from '@padhub/contracts';
import { api } from '@/platform/api/client.ts';
import { commentKeys } from '@/entities/comment/keys.ts';

export type RepliesPage = Page<CommentItem> & { comment: CommentItem };

const repliesQuery = (commentId: string) =>
  infiniteQueryOptions({
    queryKey: commentKeys.replies(commentId),
    queryFn: ({ pageParam }) => api.get<RepliesPage>(`/comments/${commentId}/replies`, { query: { cursor: pageParam } }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

export function useReplies(commentId: string) {
  return useInfiniteQuery(repliesQuery(commentId));
}
