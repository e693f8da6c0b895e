import { useInfiniteQuery } from '@tanstack/react-query';
import type { ConfigCard, Page } from '@padhub/contracts';
import { api } from '@/platform/api/client.ts';
import { configKeys } from '@/entities/configuration/keys.ts';

/** The copies people saved of a configuration that the viewer may read, newest first. */
export function useCopies(id: string, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: configKeys.copies(id),
    queryFn: ({ pageParam }) => api.get<Page<ConfigCard>>(`/configs/${encodeURIComponent(id)}/copies`, { query: { cursor: pageParam } }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    enabled,
  });
}
