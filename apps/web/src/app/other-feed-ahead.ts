import type { QueryClient } from '@tanstack/react-query';
import { routes } from '@/paths.ts';
import { afterTakeover } from '@/platform/hydration.ts';
import { whenIdle } from '@/platform/when-idle.ts';
import { type FeedFilter, postKeys } from '@/entities/post/keys.ts';
import { feedQuery } from '@/features/community/api/get-feed.ts';

/** Nothing is asked for ahead before this moment of the page's life (bench/web.ts measures the first seconds). */
const QUIET_MS = 2_000;

/**
 * The community feed's other side of "All languages", asked for once the feed is on screen and the
 * page is idle: the switch then draws its first page from the cache, under the very key it reads
 * (the filter on screen with `lang` flipped), instead of waiting for the network after the tap.
 * A page drawn by the server waits until its later parts are alive too (`afterTakeover`, the
 * moment it gives back to the page), then the first idle moment after the page's first seconds;
 * only for the community feed, and only for the feed it shows (a search or another page, nothing).
 * A drawn page whose markup the page could not take over (it rendered afresh) asks for nothing.
 */
export function otherFeedAhead(client: QueryClient) {
  const idle = () =>
    setTimeout(() => whenIdle(() => ask(client), { timeout: 5_000, otherwise: 1_000 }), Math.max(0, QUIET_MS - performance.now()));
  if (document.getElementById('root')?.dataset.frame) afterTakeover(idle);
  else idle();
}

function ask(client: QueryClient) {
  if (location.pathname !== `/app${routes.community}`) return;
  const shown = client
    .getQueryCache()
    .findAll({ queryKey: postKeys.feeds(), type: 'active' })
    .map((query) => query.queryKey as ReturnType<typeof postKeys.feed>)
    .find(([, , , filter]) => !filter.q);
  if (!shown) return;
  const [, , lang, filter] = shown;
  const other: FeedFilter = { ...filter, lang: filter.lang === 'all' ? undefined : 'all' };
  // Failing, the switch asks again itself: ahead is only a try.
  void client.prefetchInfiniteQuery(feedQuery(other, lang));
}
