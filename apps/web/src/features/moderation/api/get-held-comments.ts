import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { HeldComment, Page } from '@padhub/contracts';
import { api } from '@/platform/api/client.ts';
import { moderationKeys } from '@/features/moderation/api/keys.ts';

/** Comments a watched word holds for review, oldest first (under the review queue's key: its live recount asks again). */
const heldCommentsQuery = () =>
  infiniteQueryOptions({
    queryKey: [...moderationKeys.pending(), 'comments'],
    queryFn: ({ pageParam }) => api.get<Page<HeldComment>>('/admin/comments/held', { query: { cursor: pageParam } }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

export function useHeldComments() {
  return useInfiniteQuery(heldCommentsQuery());
}
