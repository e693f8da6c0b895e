import { type DehydratedState, type QueryClient, dehydrate, hydrate } from '@tanstack/react-query';
import { keepQueries, readKeptQueries } from '@/platform/offline.ts';
import { useSession } from '@/platform/session.ts';
import { postKeys } from '@/entities/post/keys.ts';
import { hashOf } from './token-hash.ts';

interface Kept {
  orgId: string;
  /** Whose answers they are: a hash of the token they were asked with ('' signed out), as the waiting actions keep theirs. */
  token: string;
  state: DehydratedState;
}

/**
 * What a second start paints before any answer: the organisation, the feeds' first pages, the
 * posts opened. Never a person's own lists (their likes, favourites): the next person on the
 * device must not see them. The feeds and posts carry the person's own marks (liked,
 * favourited), so they come back only for the token they were asked with: after the host switched
 * to another person, that person starts from the network, never from the last one's marks.
 */
const feeds = postKeys.feeds();
const kept = (key: readonly unknown[]) =>
  key[0] === 'organisation' || (key[0] === feeds[0] && (key[1] === feeds[1] || key[1] === postKeys.detail('')[1]));

/** Reads what the last visit kept (started at once, used before the first render). */
const keptQueries = readKeptQueries<Kept>();

/**
 * Puts the last visit's answers in the cache, for the host's organisation only. They are shown at
 * once and asked again as their pages mount (they are stale): with no network, they stay, which
 * is the last feed.
 */
export async function restoreKeptQueries(client: QueryClient) {
  const last = await keptQueries;
  const { orgId, token } = useSession.getState();
  if (last && last.orgId === orgId && last.token === hashOf(token)) hydrate(client, last.state);
}

/**
 * Keeps the answers worth a second start, a moment after they change (one write per burst), and
 * at once when the page is hidden or left: a change just before the WebView closes is kept too.
 */
export function keepQueriesOf(client: QueryClient) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  // Answers from before the token changed are another person's (or no one's): never kept under the new one.
  let since = 0;
  const unwatchSession = useSession.subscribe((state, previous) => {
    if (state.token === previous.token) return;
    since = Date.now();
    clearTimeout(timer);
    timer = undefined;
  });
  const write = () => {
    clearTimeout(timer);
    timer = undefined;
    const fresh = (query: { state: { status: string; dataUpdatedAt: number } }) => query.state.status === 'success' && query.state.dataUpdatedAt >= since;
    const all = dehydrate(client, { shouldDehydrateQuery: (query) => fresh(query) && kept(query.queryKey) });
    // A feed keeps only its first page: the rest would be asked again anyway.
    const firstPages = all.queries.map((query) => {
      const data = query.state.data as { pages?: unknown[]; pageParams?: unknown[] } | undefined;
      if (!data?.pages || !data.pageParams) return query;
      return { ...query, state: { ...query.state, data: { pages: data.pages.slice(0, 1), pageParams: data.pageParams.slice(0, 1) } } };
    });
    const { orgId, token } = useSession.getState();
    void keepQueries({ orgId, token: hashOf(token), state: { ...all, queries: firstPages } } satisfies Kept);
  };
  const unwatch = client.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success' || !kept(event.query.queryKey as readonly unknown[])) return;
    clearTimeout(timer);
    timer = setTimeout(write, 1000);
  });
  // Only a write still waiting: a page hidden with nothing new writes nothing.
  const leaving = (event: Event) => {
    if (timer !== undefined && (event.type === 'pagehide' || document.visibilityState === 'hidden')) write();
  };
  addEventListener('pagehide', leaving);
  document.addEventListener('visibilitychange', leaving);
  return () => {
    unwatch();
    unwatchSession();
    clearTimeout(timer);
    removeEventListener('pagehide', leaving);
    document.removeEventListener('visibilitychange', leaving);
  };
}
