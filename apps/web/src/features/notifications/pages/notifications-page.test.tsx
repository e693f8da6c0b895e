import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Notification, type User, errorMessages } from '@padhub/contracts';
import { answerApi, refuse, renderPage, signIn } from '@/test-utils.tsx';
import { setNetwork } from '@/test-network.ts';
import { NotificationsPage } from './notifications-page.tsx';

const person = (id: string, nickname: string): User => ({ id, username: nickname.toLowerCase(), nickname, avatar: null, state: 0 });
const item = (over: Partial<Notification>): Notification => ({
  id: '1',
  type: 'reply',
  actors: [person('11', 'Sora')],
  actorCount: 1,
  target: { type: 'comment', id: '501', excerpt: 'Which firmware?', gone: false, postId: '41', rootId: null },
  read: false,
  createdAt: new Date().toISOString(),
  reason: null,
  ...over,
});

afterEach(() => vi.unstubAllGlobals());

describe('NotificationsPage', () => {
  it('shows grouped, single and moderation items in words, and a tombstone for a target gone since', async () => {
    signIn();
    answerApi({
      'GET /notifications/unread': { count: 2 },
      'GET /notifications': {
        items: [
          item({ id: '1', type: 'post_like', actors: [person('12', 'Alex'), person('13', 'Mia')], actorCount: 13, target: { type: 'post', id: '41', excerpt: 'My grip mod', gone: false, postId: null, rootId: null } }),
          item({ id: '2', type: 'comment_like', actors: [person('14', 'Ken'), person('15', 'Ren')], actorCount: 2, read: true }),
          item({ id: '3' }),
          item({ id: '6', type: 'mention', actors: [person('17', 'Yui')], target: { type: 'comment', id: '503', excerpt: '@alex look', gone: false, postId: '41', rootId: '500' } }),
          item({ id: '4', type: 'post_not_passed', actors: [], actorCount: 0, reason: 'Off topic', target: { type: 'post', id: '42', excerpt: 'Sell my pad', gone: false, postId: null, rootId: null } }),
          item({ id: '5', type: 'comment', target: { type: 'comment', id: '502', excerpt: null, gone: true, postId: '41', rootId: null } }),
        ],
        nextCursor: null,
      },
    });
    await renderPage(<NotificationsPage />, { route: '/notifications' });
    const grouped = (await screen.findByText('Alex and 12 others liked your post')).closest('a')!;
    expect(grouped.getAttribute('href')).toBe('/community/detail?id=41');
    expect(grouped.textContent).toContain('My grip mod');
    expect(grouped.textContent).toContain('Unread:');
    expect(screen.getByText('Ken and 1 other liked your comment').closest('a')!.textContent).not.toContain('Unread:');
    expect(screen.getByText('Sora replied to your comment').closest('a')!.getAttribute('href')).toBe('/community/detail?id=41&comment=501');
    // A reply opens in its thread, highlighted there.
    expect(screen.getByText('Yui mentioned you').closest('a')!.getAttribute('href')).toBe('/community/replay?id=500&comment=503');
    expect(screen.getByText('Your post did not pass review: Off topic')).toBeTruthy();
    const gone = screen.getByText('This content was deleted or is no longer visible.');
    expect(gone.closest('a')).toBeNull();
    expect(gone.parentElement!.textContent).toContain('Sora commented on your post');
    expect(screen.getByText('No more items')).toBeTruthy();
  });

  it('tells of a new sign-in with the device and network the server read, and opens the sessions', async () => {
    signIn();
    answerApi({
      'GET /notifications/unread': { count: 1 },
      'GET /notifications': {
        items: [item({ id: '9', type: 'new_sign_in', actors: [], actorCount: 0, target: { type: 'user', id: '7', excerpt: 'Chrome · Android · 203.0.113.0/24', gone: false, postId: null, rootId: null } })],
        nextCursor: null,
      },
    });
    await renderPage(<NotificationsPage />, { route: '/notifications' });
    const link = (await screen.findByText('New sign-in to your account: Chrome · Android · 203.0.113.0/24')).closest('a')!;
    expect(link.getAttribute('href')).toBe('/user/sessions');
  });

  it("tells a video's author it is ready, or that it failed and what to do, and opens the post", async () => {
    signIn();
    const post = (id: string) => ({ type: 'post' as const, id, excerpt: 'A whole match', gone: false, postId: null, rootId: null });
    answerApi({
      'GET /notifications/unread': { count: 2 },
      'GET /notifications': {
        items: [
          item({ id: '7', type: 'video_processed', actors: [], actorCount: 0, reason: 'ready', target: post('43') }),
          item({ id: '8', type: 'video_processed', actors: [], actorCount: 0, reason: 'video_timed_out', target: post('44') }),
        ],
        nextCursor: null,
      },
    });
    await renderPage(<NotificationsPage />, { route: '/notifications' });
    expect((await screen.findByText('Your video is ready to play')).closest('a')!.getAttribute('href')).toBe('/community/detail?id=43');
    const failed = screen.getByText('Your video could not be prepared: open the post to try again or replace it').closest('a')!;
    expect(failed.getAttribute('href')).toBe('/community/detail?id=44');
  });

  it('marks an item read when it is opened, and all of them with "Mark all read"', async () => {
    signIn();
    const calls = answerApi({
      'GET /notifications/unread': { count: 2 },
      'GET /notifications': { items: [item({ id: '1' }), item({ id: '2', type: 'mention', actors: [person('16', 'Yui')] })], nextCursor: null },
      'POST /notifications/read': {},
    });
    const { location } = await renderPage(<NotificationsPage />, { route: '/notifications' });
    fireEvent.click(await screen.findByText('Sora replied to your comment'));
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ ids: ['1'] }));
    expect(location()).toBe('/community/detail?id=41&comment=501');
    fireEvent.click(screen.getByRole('button', { name: 'Mark all read' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST').at(-1)?.body).toEqual({}));
    expect(within(screen.getByRole('list', { name: 'All' })).queryByText('Unread:')).toBeNull();
  });

  it('offline, shows all read at once and sends it when the network is back; refused, shows them unread again and says why', async () => {
    signIn();
    const calls = answerApi({
      'GET /notifications/unread': { count: 1 },
      'GET /notifications': { items: [item({ id: '1' })], nextCursor: null },
      'POST /notifications/read': refuse('forbidden'),
    });
    await renderPage(<NotificationsPage />, { route: '/notifications' });
    const list = () => within(screen.getByRole('list', { name: 'All' }));
    await screen.findByText('Sora replied to your comment');
    expect(list().queryByText('Unread:')).not.toBeNull();
    await setNetwork(false);
    fireEvent.click(screen.getByRole('button', { name: 'Mark all read' }));
    await waitFor(() => expect(list().queryByText('Unread:')).toBeNull());
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);

    await setNetwork(true);
    expect(await screen.findByText(errorMessages.forbidden.en)).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
    expect(list().queryByText('Unread:')).not.toBeNull();
  });

  it('shows only mentions and replies in their tab', async () => {
    signIn();
    const calls = answerApi({ 'GET /notifications/unread': { count: 0 }, 'GET /notifications': { items: [], nextCursor: null } });
    await renderPage(<NotificationsPage />, { route: '/notifications' });
    fireEvent.click(await screen.findByRole('button', { name: 'Mentions & replies' }));
    expect(await screen.findByText('No mentions or replies yet.')).toBeTruthy();
    expect(calls.filter((c) => c.path === '/notifications').map((c) => c.query.get('filter'))).toEqual(['all', 'conversations']);
  });
});
