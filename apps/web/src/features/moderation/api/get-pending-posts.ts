import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { ModerationPost, Page } from '@padhub/contracts';
import { api } from '@/platform/api/client.ts';
import { moderationKeys } from '@/features/moderation/api/keys.ts';

/** Posts waiting for review (pre-moderation), oldest first. */
const pendingPostsQuery = () =>
  infiniteQueryOptions({
    queryKey: moderationKeys.pending(),
    queryFn: ({ pageParam }) => api.get<Page<ModerationPost>>('/admin/posts/pending', { query: { cursor: pageParam } }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

export function usePendingPosts(enabled: boolean) {
  return useInfiniteQuery({ ...pendingPostsQuery(), enabled });
}
