import type { InfiniteData, QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * Pull to refresh starts a paged list again from its first page: refetching every loaded page
 * would cost one request per page scrolled, and the cursors of later pages may no longer fit.
 */
export async function refreshFromFirstPage(client: QueryClient, queryKey: QueryKey) {
  client.setQueryData<InfiniteData<unknown, unknown>>(queryKey, (data) =>
    data ? { pages: data.pages.slice(0, 1), pageParams: data.pageParams.slice(0, 1) } : data,
  );
  await client.refetchQueries({ queryKey, exact: true });
}

const isPaged = (data: unknown): data is InfiniteData<unknown, unknown> => typeof data === 'object' && data !== null && 'pages' in data && 'pageParams' in data;

/**
 * After a change that alters many answers at once (logging in or out, blocking an author): every
 * cached list under `queryKey` (all of them without one) starts again from its first page, and
 * everything is asked again — one request per list, not one per page scrolled.
 */
export async function restartLists(client: QueryClient, queryKey?: QueryKey) {
  for (const query of client.getQueryCache().findAll(queryKey ? { queryKey } : {})) {
    const data = query.state.data;
    if (isPaged(data) && data.pages.length > 1) client.setQueryData(query.queryKey, { pages: data.pages.slice(0, 1), pageParams: data.pageParams.slice(0, 1) });
  }
  await client.invalidateQueries(queryKey ? { queryKey } : {});
}
