import { MutationObserver } from '@tanstack/react-query';
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorMessages, headers } from '@padhub/contracts';
import { applyUserInfo, useSession } from '@/platform/session.ts';
import { postReaction } from '@/entities/post/api/toggle-post-reaction.ts';
import { commentKeys } from '@/entities/comment/keys.ts';
import { postKeys } from '@/entities/post/keys.ts';
import { createComment } from '@/features/community/api/create-comment.ts';
import { aPost, answerApi, loadStrings, refuse, signIn, someone } from '@/test-utils.tsx';
import { setNetwork } from '@/test-network.ts';
import { createQueryClient } from './query-client.ts';
import type { Kept } from './waiting-action-store.ts';
import { waitingCount } from './waiting-count.ts';

/** What the store wrote to the device (IndexedDB in the app), last write last. */
const written: (Kept | null)[] = [];
vi.mock('@/platform/offline.ts', async (original) => ({
  ...(await original<object>()),
  keepWaitingActions: (value: Kept | null) => {
    // As IndexedDB stores it: a copy, with nothing of the live objects.
    written.push(structuredClone(value));
    return Promise.resolve();
  },
}));

const { keepWaitingActionsOf, restoreWaitingActions } = await import('./waiting-action-store.ts');
const lastWritten = () => written.at(-1);

const stops: (() => void)[] = [];
afterEach(() => {
  for (const stop of stops.splice(0)) stop();
  written.length = 0;
  vi.unstubAllGlobals();
});

/** A like of post 41 and a comment under it, tapped offline, as the hooks send them. */
function likeAndComment(client: ReturnType<typeof createQueryClient>) {
  void new MutationObserver(client, { ...postReaction, scope: { id: 'post-like-41' } }).mutate({ id: '41', reaction: 'like', on: true }).catch(() => undefined);
  void new MutationObserver(client, { ...createComment, mutationKey: commentKeys.send('41') })
    .mutate({ postId: '41', input: { content: 'Grip tape holds' }, key: 'key-of-the-comment' })
    .catch(() => undefined);
}

/** The page before the reload: its client, keeping what waits. */
function pageBefore() {
  const client = createQueryClient();
  stops.push(keepWaitingActionsOf(client), () => client.clear());
  return client;
}

describe('actions waiting for the network, across a reload', () => {
  it('are kept with their comment’s key, come back waiting, and are sent once, with the same key, when the network is back', async () => {
    await loadStrings();
    signIn();
    const calls = answerApi({ 'PUT /posts/41/like': { liked: true, likeCount: 3 }, 'POST /posts/41/comments': { id: 'c1' } });
    await setNetwork(false);
    likeAndComment(pageBefore());
    await waitFor(() => expect(lastWritten()?.mutations).toHaveLength(2));
    const kept = lastWritten()!;

    // The reload: a new client, with the last feed kept and what waited.
    const after = createQueryClient();
    after.setQueryData(postKeys.detail('41'), aPost({ id: '41', likeCount: 2, commentCount: 0 }));
    after.mount();
    stops.push(() => after.unmount());
    restoreWaitingActions(after, kept);
    stops.push(keepWaitingActionsOf(after));
    // The offline notice counts them; the like shows on the kept post.
    expect(after.getMutationCache().getAll().filter((m) => m.state.isPaused)).toHaveLength(2);
    expect(after.getQueryData(postKeys.detail('41'))).toMatchObject({ liked: true, likeCount: 3 });
    expect(calls).toEqual([]);

    await setNetwork(true);
    await waitFor(() => expect(after.getQueryData(postKeys.detail('41'))).toMatchObject({ liked: true, likeCount: 3, commentCount: 1 }));
    expect(calls.map((c) => `${c.method} ${c.path}`).sort()).toEqual(['POST /posts/41/comments', 'PUT /posts/41/like']);
    expect(calls.find((c) => c.method === 'POST')?.headers.get(headers.idempotencyKey)).toBe('key-of-the-comment');
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ content: 'Grip tape holds' });
    await waitFor(() => expect(lastWritten()?.mutations).toEqual([]));
  });

  it('refused once sent after a reload, ask the server again for what they changed and say why, in the person’s language', async () => {
    await loadStrings();
    signIn();
    const calls = answerApi({ 'PUT /posts/41/like': refuse('not_found'), 'GET /posts/41': aPost({ id: '41', likeCount: 2 }) });
    await setNetwork(false);
    void new MutationObserver(pageBefore(), postReaction).mutate({ id: '41', reaction: 'like', on: true }).catch(() => undefined);
    await waitFor(() => expect(lastWritten()?.mutations).toHaveLength(1));

    const after = createQueryClient();
    // Kept with the like shown, before the reload.
    after.setQueryData(postKeys.detail('41'), aPost({ id: '41', liked: true, likeCount: 3 }));
    after.mount();
    stops.push(() => after.unmount());
    restoreWaitingActions(after, lastWritten()!);
    await setNetwork(true);
    expect(await screen.findByText(errorMessages.not_found.en)).toBeTruthy();
    expect(after.getQueryState(postKeys.detail('41'))?.isInvalidated).toBe(true);
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['PUT /posts/41/like']);
  });

  it('come back for the account that made them only: another one’s are dropped, and the person told', async () => {
    await loadStrings();
    signIn();
    answerApi({});
    await setNetwork(false);
    likeAndComment(pageBefore());
    await waitFor(() => expect(lastWritten()?.mutations).toHaveLength(2));
    const kept = { ...lastWritten()!, token: 'another-token', person: '99' };

    const after = createQueryClient();
    restoreWaitingActions(after, kept);
    expect(after.getMutationCache().getAll()).toEqual([]);
    expect(lastWritten()).toBeNull();
    expect(await screen.findByText('2 actions that waited for the network were not sent: the account changed.')).toBeTruthy();
  });

  it('are dropped, and the person told, on a logout: none is sent once the network is back', async () => {
    await loadStrings();
    signIn();
    const calls = answerApi({ 'PUT /posts/41/like': { liked: true, likeCount: 3 } });
    await setNetwork(false);
    const client = pageBefore();
    void new MutationObserver(client, postReaction).mutate({ id: '41', reaction: 'like', on: true }).catch(() => undefined);
    await waitFor(() => expect(lastWritten()?.mutations).toHaveLength(1));

    act(() => applyUserInfo(null));
    expect(client.getMutationCache().getAll().filter((m) => m.state.isPaused)).toEqual([]);
    expect(lastWritten()?.mutations).toEqual([]);
    expect(await screen.findByText('1 action that waited for the network was not sent: the account changed.')).toBeTruthy();

    await setNetwork(true);
    await client.resumePausedMutations();
    expect(calls).toEqual([]);
  });

  it('stay with the person across a new token of theirs (a refresh, a login again), and are sent with it', async () => {
    await loadStrings();
    signIn();
    const calls = answerApi({ 'PUT /posts/41/like': { liked: true, likeCount: 3 } });
    await setNetwork(false);
    const client = pageBefore();
    // Mounted, as the app's provider does: it resumes what waits when the network is back.
    client.mount();
    stops.push(() => client.unmount());
    void new MutationObserver(client, postReaction).mutate({ id: '41', reaction: 'like', on: true }).catch(() => undefined);
    await waitFor(() => expect(lastWritten()?.mutations).toHaveLength(1));

    // The host hands a new token: whose it is, /api/me says a moment later.
    act(() => applyUserInfo({ token: 'token-refreshed', state: 0 }));
    act(() => useSession.setState({ user: someone }));
    expect(client.getMutationCache().getAll().filter((m) => m.state.isPaused)).toHaveLength(1);
    expect(lastWritten()).toMatchObject({ person: someone.id, mutations: [expect.anything()] });
    await setNetwork(true);
    await waitFor(() => expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['PUT /posts/41/like']));
    expect(calls[0]?.headers.get(headers.token)).toBe('token-refreshed');
    expect(screen.queryByText(/were not sent|was not sent/)).toBeNull();
  });

  it('are dropped, and the person told, when the new token is another person’s', async () => {
    await loadStrings();
    signIn();
    const calls = answerApi({ 'PUT /posts/41/like': { liked: true, likeCount: 3 } });
    await setNetwork(false);
    const client = pageBefore();
    void new MutationObserver(client, postReaction).mutate({ id: '41', reaction: 'like', on: true }).catch(() => undefined);
    await waitFor(() => expect(lastWritten()?.mutations).toHaveLength(1));

    act(() => applyUserInfo({ token: 'token-of-mina', state: 0 }));
    act(() => useSession.setState({ user: { ...someone, id: '9', username: 'mina' } }));
    expect(await screen.findByText('1 action that waited for the network was not sent: the account changed.')).toBeTruthy();
    expect(lastWritten()?.mutations).toEqual([]);
    await setNetwork(true);
    await client.resumePausedMutations();
    expect(calls).toEqual([]);
  });

  it('kept by the last visit, come back for the same person under a new token once /api/me says whose it is', async () => {
    await loadStrings();
    signIn();
    const calls = answerApi({ 'PUT /posts/41/like': { liked: true, likeCount: 3 }, 'POST /posts/41/comments': { id: 'c1' } });
    await setNetwork(false);
    likeAndComment(pageBefore());
    await waitFor(() => expect(lastWritten()?.mutations).toHaveLength(2));
    const kept = lastWritten()!;

    // The next start: the host has a new token; /api/me has not answered yet.
    useSession.setState({ token: 'token-refreshed', user: null });
    const after = createQueryClient();
    after.mount();
    stops.push(() => after.unmount());
    restoreWaitingActions(after, kept);
    stops.push(keepWaitingActionsOf(after));
    expect(after.getMutationCache().getAll()).toEqual([]);
    // Still on the device, and still counted by the offline notice.
    expect(lastWritten()).toMatchObject({ person: null, mutations: [], aside: kept });
    expect(waitingCount(after)).toBe(2);

    act(() => useSession.setState({ user: someone }));
    expect(after.getMutationCache().getAll().filter((m) => m.state.isPaused)).toHaveLength(2);
    await setNetwork(true);
    await waitFor(() => expect(calls.map((c) => `${c.method} ${c.path}`).sort()).toEqual(['POST /posts/41/comments', 'PUT /posts/41/like']));
    expect(screen.queryByText(/were not sent|was not sent/)).toBeNull();
  });

  it('set aside under a new token, still count as waiting; the ones made meanwhile are written at once and survive a reload', async () => {
    await loadStrings();
    signIn();
    const calls = answerApi({ 'PUT /posts/41/like': { liked: true, likeCount: 3 }, 'POST /posts/41/comments': { id: 'c1' } });
    await setNetwork(false);
    const client = pageBefore();
    void new MutationObserver(client, postReaction).mutate({ id: '41', reaction: 'like', on: true }).catch(() => undefined);
    await waitFor(() => expect(lastWritten()?.mutations).toHaveLength(1));
    const before = lastWritten()!;

    // A new token; /api/me has not said whose it is yet. The like waits aside, counted.
    act(() => applyUserInfo({ token: 'token-refreshed', state: 0 }));
    expect(waitingCount(client)).toBe(1);
    // A comment made now is on the device at once, under the new token, beside the like.
    void new MutationObserver(client, { ...createComment, mutationKey: commentKeys.send('41') })
      .mutate({ postId: '41', input: { content: 'Grip tape holds' }, key: 'key-of-the-comment' })
      .catch(() => undefined);
    await waitFor(() => expect(lastWritten()?.mutations).toHaveLength(1));
    const kept = lastWritten()!;
    expect(kept).toMatchObject({ person: null, aside: before });
    expect(kept.token).not.toBe(before.token);
    expect(waitingCount(client)).toBe(2);

    // The reload, before /api/me answers: the comment comes back (same token), the like waits aside.
    const after = createQueryClient();
    after.mount();
    stops.push(() => after.unmount());
    restoreWaitingActions(after, kept);
    stops.push(keepWaitingActionsOf(after));
    expect(after.getMutationCache().getAll().filter((m) => m.state.isPaused)).toHaveLength(1);
    expect(waitingCount(after)).toBe(2);

    act(() => useSession.setState({ user: someone }));
    expect(waitingCount(after)).toBe(2);
    await setNetwork(true);
    await waitFor(() => expect(calls.map((c) => `${c.method} ${c.path}`).sort()).toEqual(['POST /posts/41/comments', 'PUT /posts/41/like']));
    expect(screen.queryByText(/were not sent|was not sent/)).toBeNull();
  });
});
