import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { MyReport, Page } from '@padhub/contracts';
import { api } from '@/platform/api/client.ts';

export const myReportsQuery = () =>
  infiniteQueryOptions({
    queryKey: ['safety', 'my-reports'],
    queryFn: ({ pageParam }) => api.get<Page<MyReport>>('/me/reports', { query: { cursor: pageParam } }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

export function useMyReports(enabled: boolean) {
  return useInfiniteQuery({ ...myReportsQuery(), enabled });
}
