import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { Comment, Page } from '@padhub/contracts';
import { api } from '@/platform/api/client.ts';
import { commentKeys } from '@/entities/comment/keys.ts';

const commentsQuery = (postId: string) =>
  infiniteQueryOptions({
    queryKey: commentKeys.ofPost(postId),
    queryFn: ({ pageParam }) => api.get<Page<Comment>>(`/posts/${postId}/comments`, { query: { cursor: pageParam } }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

export function useComments(postId: string) {
  return useInfiniteQuery(commentsQuery(postId));
}
