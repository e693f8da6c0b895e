import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { ModerationCase, Page } from '@padhub/contracts';
import { api } from '@/platform/api/client.ts';
import { moderationKeys } from '@/features/moderation/api/keys.ts';

/** Reported content, grouped by target, the longest waiting first. */
export const casesQuery = () =>
  infiniteQueryOptions({
    queryKey: moderationKeys.cases(),
    queryFn: ({ pageParam }) => api.get<Page<ModerationCase>>('/admin/reports', { query: { cursor: pageParam } }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

export function useCases(enabled: boolean) {
  return useInfiniteQuery({ ...casesQuery(), enabled });
}
