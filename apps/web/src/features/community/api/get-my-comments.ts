import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { MyComment, Page } from '@padhub/contracts';
import { api } from '@/platform/api/client.ts';
import { useIsLoggedIn } from '@/platform/hooks.ts';
import { commentKeys } from '@/entities/comment/keys.ts';

export const myCommentsQuery = () =>
  infiniteQueryOptions({
    queryKey: commentKeys.mine(),
    queryFn: ({ pageParam }) => api.get<Page<MyComment>>('/me/comments', { query: { cursor: pageParam } }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

export function useMyComments() {
  return useInfiniteQuery({ ...myCommentsQuery(), enabled: useIsLoggedIn() });
}
