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
