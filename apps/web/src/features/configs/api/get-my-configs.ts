import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { type ConfigCard, type Page, limits } from '@padhub/contracts';
import { api } from '@/platform/api/client.ts';
import { useIsLoggedIn } from '@/platform/hooks.ts';
import { configKeys } from '@/entities/configuration/keys.ts';

const getMyConfigs = (cursor: string | null) => api.get<Page<ConfigCard>>('/configs', { query: { cursor, limit: limits.pageSizeMax } });

const myConfigsQuery = () =>
  infiniteQueryOptions({
    queryKey: configKeys.mine(),
    queryFn: ({ pageParam }) => getMyConfigs(pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

/**
 * All of the person's configurations: the Config page groups and searches them on the device, so
 * it reads every page (a library is dozens, not thousands).
 */
export function useMyConfigs() {
  const loggedIn = useIsLoggedIn();
  const query = useInfiniteQuery({ ...myConfigsQuery(), enabled: loggedIn });
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = query;
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && !isFetchNextPageError) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage]);
  const items = query.data?.pages.flatMap((page) => page.items);
  return { ...query, items, complete: items !== undefined && !hasNextPage };
}
