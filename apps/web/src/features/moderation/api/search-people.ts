import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { Page, StaffPerson } from '@padhub/contracts';
import { api } from '@/platform/api/client.ts';
import { moderationKeys } from '@/features/moderation/api/keys.ts';

/** People by the start of their name; without words, the staff and the people banned now. */
const peopleQuery = (q: string) =>
  infiniteQueryOptions({
    queryKey: moderationKeys.people(q),
    queryFn: ({ pageParam }) => api.get<Page<StaffPerson>>('/admin/users', { query: { q, cursor: pageParam } }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

export function usePeople(q: string, enabled: boolean) {
  return useInfiniteQuery({ ...peopleQuery(q), enabled });
}
