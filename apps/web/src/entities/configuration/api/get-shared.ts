import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { type Game, type Page, type SharedConfig, gameTerm } from '@padhub/contracts';
import { api } from '@/platform/api/client.ts';
import { type HubFilter, configKeys } from '@/entities/configuration/keys.ts';

export type { HubFilter };

/** The hub's pages, keyset-paged by the server. */
export const sharedQuery = (filter: HubFilter) =>
  infiniteQueryOptions({
    queryKey: configKeys.shared(filter),
    queryFn: ({ pageParam }) => api.get<Page<SharedConfig>>('/configs/shared', { query: { ...filter, cursor: pageParam } }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

/**
 * A change of filter keeps the last list on screen (dimmed, busy: ui/pull-list.css) until the new
 * one arrives, rather than blanking it to a skeleton; each filter's answer stays cached.
 */
export function useSharedConfigs(filter: HubFilter, enabled = true) {
  return useInfiniteQuery({ ...sharedQuery(filter), enabled, placeholderData: keepPreviousData });
}

/**
 * The organisation's games found by what the person typed (any name, alias, width or case), for
 * suggestions; all of them when nothing is typed. Asked only while `enabled` (a field in use), so
 * a page that shows the field does not ask on its first load.
 */
export function useGames(q: string, enabled = true) {
  const typed = q.trim();
  return useQuery({
    queryKey: configKeys.games(gameTerm(typed)),
    queryFn: async () => (await api.get<{ items: Game[] }>('/games', { query: { q: typed || undefined } })).items,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    enabled,
  });
}
