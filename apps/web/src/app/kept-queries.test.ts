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
  // Read when awaited, so that a test can say what the last visit kept.
  readKeptQueries: () => ({ then: (resolve: (value: unknown) => void) => resolve(stored.value) }),
}));

/** What the last visit kept: signed out, unless a test says whose. */
const stored: { value: unknown } = { value: null };
const keptBy = (token: string, data: unknown = { pages: [page('kept')], pageParams: [null] }) => ({
  orgId: 'padhub',
  token,
  state: { mutations: [], queries: [{ queryKey: feedKey, queryHash: JSON.stringify(feedKey), state: { data, dataUpdatedAt: 1, status: 'success' } }] },
});
stored.value = keptBy('');

const { keepQueriesOf, restoreKeptQueries } = await import('./kept-queries.ts');

beforeEach(() => {
  written.length = 0;
  useSession.setState({ orgId: 'padhub', token: null });
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

  it('come back only for the person they were kept for: another person never sees the last one’s likes', async () => {
    const { hashOf } = await import('./token-hash.ts');
    const liked = { pages: [{ items: [{ id: '5', liked: true, favourited: true }], nextCursor: null }], pageParams: [null] };
    stored.value = keptBy(hashOf('token-of-a'), liked);
    try {
      useSession.setState({ token: 'token-of-b' });
      const b = new QueryClient();
      await restoreKeptQueries(b);
      expect(b.getQueryData(feedKey)).toBeUndefined();
      useSession.setState({ token: null });
      const nobody = new QueryClient();
      await restoreKeptQueries(nobody);
      expect(nobody.getQueryData(feedKey)).toBeUndefined();
      useSession.setState({ token: 'token-of-a' });
      const a = new QueryClient();
      await restoreKeptQueries(a);
      expect(a.getQueryData(feedKey)).toEqual(liked);
    } finally {
      stored.value = keptBy('');
    }
  });

  it('are kept under the token they were asked with, and what was asked before the host switched people is not kept under the next', async () => {
    vi.useFakeTimers();
    const { hashOf } = await import('./token-hash.ts');
    useSession.setState({ token: 'token-of-a' });
    const client = new QueryClient();
    stops.push(keepQueriesOf(client));
    client.setQueryData(feedKey, { pages: [page('a-liked')], pageParams: [null] });
    // The host switches to B before A's write was due.
    vi.advanceTimersByTime(500);
    useSession.setState({ token: 'token-of-b' });
    vi.advanceTimersByTime(2000);
    expect(written).toEqual([]);
    // B's own answer is kept, under B.
    vi.advanceTimersByTime(1);
    client.setQueryData(postKeys.detail('9'), { id: '9' });
    vi.advanceTimersByTime(1000);
    const kept = written.at(-1) as { token: string; state: { queries: { queryKey: unknown[] }[] } };
    expect(kept.token).toBe(hashOf('token-of-b'));
    expect(kept.state.queries.map((q) => q.queryKey)).toEqual([postKeys.detail('9')]);
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
