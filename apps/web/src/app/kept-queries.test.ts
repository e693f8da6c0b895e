import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '@/platform/session.ts';
import { postKeys } from '@/entities/post/keys.ts';

const written: unknown[] = [];
const feedKey = postKeys.feed('cn', { sort: 'new' });
const page = (id: string) => ({ items: [{ id }], nextCursor: `after-${id}` });

vi.mock('@/platform/offline.ts', () => ({
  keepQueries: (value: unknown) => {
    written.push(value);
    return Promise.resolve();
  },
  readKeptQueries: () =>
    Promise.resolve({
      orgId: 'padhub',
      state: { mutations: [], queries: [{ queryKey: feedKey, queryHash: JSON.stringify(feedKey), state: { data: { pages: [page('kept')], pageParams: [null] }, dataUpdatedAt: 1, status: 'success' } }] },
    }),
}));

const { keepQueriesOf, restoreKeptQueries } = await import('./kept-queries.ts');

beforeEach(() => {
  written.length = 0;
  useSession.setState({ orgId: 'padhub' });
});
const stops: (() => void)[] = [];
afterEach(() => {
  for (const stop of stops.splice(0)) stop?.();
  vi.useRealTimers();
});

/** The page going to the background (the host shows another screen) or being left. */
function hide(how: 'visibilitychange' | 'pagehide') {
  if (how === 'pagehide') dispatchEvent(new Event('pagehide'));
  else {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    document.dispatchEvent(new Event('visibilitychange'));
    delete (document as { visibilityState?: unknown }).visibilityState;
  }
}

describe('kept queries', () => {
  it('keep the first page of each feed and the posts opened, never a person’s own lists', () => {
    vi.useFakeTimers();
    const client = new QueryClient();
    stops.push(keepQueriesOf(client));
    client.setQueryData(feedKey, { pages: [page('a'), page('b')], pageParams: [null, 'after-a'] });
    client.setQueryData(postKeys.detail('7'), { id: '7' });
    client.setQueryData(postKeys.mine('favourites'), { pages: [page('mine')], pageParams: [null] });
    vi.advanceTimersByTime(1000);
    expect(written).toHaveLength(1);
    const kept = written[0] as { orgId: string; state: { queries: { queryKey: unknown[]; state: { data: unknown } }[] } };
    expect(kept.orgId).toBe('padhub');
    expect(kept.state.queries.map((q) => q.queryKey)).toEqual([feedKey, postKeys.detail('7')]);
    expect(kept.state.queries[0]?.state.data).toEqual({ pages: [page('a')], pageParams: [null] });
    // The cache itself keeps every page it loaded.
    expect(client.getQueryData<{ pages: unknown[] }>(feedKey)?.pages).toHaveLength(2);
  });

  it('come back for the organisation they were kept for, and for no other', async () => {
    const same = new QueryClient();
    await restoreKeptQueries(same);
    expect(same.getQueryData(feedKey)).toEqual({ pages: [page('kept')], pageParams: [null] });
    useSession.setState({ orgId: 'padhub-other' });
    const other = new QueryClient();
    await restoreKeptQueries(other);
    expect(other.getQueryData(feedKey)).toBeUndefined();
  });

  it.each(['pagehide', 'visibilitychange'] as const)('are written at once on %s when a change waits, and only once', (how) => {
    vi.useFakeTimers();
    const client = new QueryClient();
    stops.push(keepQueriesOf(client));
    hide(how);
    // Nothing changed: nothing to write.
    expect(written).toHaveLength(0);
    client.setQueryData(feedKey, { pages: [page('last')], pageParams: [null] });
    vi.advanceTimersByTime(100);
    hide(how);
    expect(written).toHaveLength(1);
    expect(JSON.stringify(written[0])).toContain('"last"');
    vi.advanceTimersByTime(2000);
    expect(written).toHaveLength(1);
  });

  it('stay written a moment after a change while the page is shown', () => {
    vi.useFakeTimers();
    const client = new QueryClient();
    stops.push(keepQueriesOf(client));
    client.setQueryData(feedKey, { pages: [page('shown')], pageParams: [null] });
    document.dispatchEvent(new Event('visibilitychange'));
    expect(written).toHaveLength(0);
    vi.advanceTimersByTime(1000);
    expect(written).toHaveLength(1);
  });
});
