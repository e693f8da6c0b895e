import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { ListedUser, Page } from '@padhub/contracts';
import { api } from '@/platform/api/client.ts';
import { userKeys } from '@/entities/user/keys.ts';

/** The person's two lists: whom they blocked, whom they blacklisted. */
export type ListKind = 'blocks' | 'blacklist';

const listedUsersQuery = (kind: ListKind) =>
  infiniteQueryOptions({
    queryKey: userKeys.listed(kind),
    queryFn: ({ pageParam }) => api.get<Page<ListedUser>>(`/me/${kind}`, { query: { cursor: pageParam } }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

export function useListedUsers(kind: ListKind, enabled: boolean) {
  return useInfiniteQuery({ ...listedUsersQuery(kind), enabled });
}
