import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ListedUser, type Page, errorCatalogue } from '@padhub/contracts';
import { simulatedHost as loadingHost } from '@/platform/host.ts';
import { answerApi, renderPage, signIn } from '@/test-utils.tsx';
import { UserBlacklistPage, UserBlockedPage } from './listed-users-page.tsx';

// The simulated host's code loads on its own (platform/host.ts).
const simulatedHost = await loadingHost;

const listed = (id: string, nickname: string): ListedUser => ({
  user: { id, username: nickname.toLowerCase(), nickname, avatar: null, state: 0 },
  createdAt: '2025-01-02T03:04:05.000Z',
});
const page = (...items: ListedUser[]): Page<ListedUser> => ({ items, nextCursor: null });

afterEach(() => vi.unstubAllGlobals());

describe('the blocked and blacklist pages', () => {
  it('ask a logged-out person to log in, through the host', async () => {
    signIn(null);
    const calls = answerApi({});
    await renderPage(<UserBlockedPage />, { route: '/user/blocked' });
    expect(screen.queryByText('Blocking hides their posts and comments from you; they can still see yours. The blacklist also stops them from seeing your posts and replying to you.')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Log in to continue' }));
    await waitFor(() => expect(simulatedHost?.loginRequested).toBe(true));
    simulatedHost?.cancelLogin();
    // Nothing is asked of the server for nobody.
    expect(calls).toEqual([]);
  });

  it('list whom the person blocked, each with an Unblock named after them', async () => {
    signIn();
    answerApi({ 'GET /me/blocks': page(listed('9', 'Mina'), listed('10', 'Jun')) });
    await renderPage(<UserBlockedPage />, { route: '/user/blocked' });
    expect(screen.getByRole('heading', { name: 'Blocked' })).toBeTruthy();
    expect(screen.getByText('Blocking hides their posts and comments from you; they can still see yours. The blacklist also stops them from seeing your posts and replying to you.')).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Unblock Mina' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Unblock Jun' }).textContent).toBe('Unblock');
  });

  it('unblock someone, say so, and ask for the list again', async () => {
    signIn();
    let blocked = page(listed('9', 'Mina'));
    const calls = answerApi({
      'GET /me/blocks': () => blocked,
      'DELETE /blocks/9': () => {
        blocked = page();
        return null;
      },
    });
    await renderPage(<UserBlockedPage />, { route: '/user/blocked' });
    const unblock = await screen.findByRole('button', { name: 'Unblock Mina' });
    await act(async () => fireEvent.click(unblock));
    expect(await screen.findByText('Unblocked')).toBeTruthy();
    expect(await screen.findByText('You have not blocked anyone.')).toBeTruthy();
    const listCalls = calls.filter((c) => c.path !== '/organisation').map((c) => `${c.method} ${c.path}`);
    expect(listCalls).toEqual(['GET /me/blocks', 'DELETE /blocks/9', 'GET /me/blocks']);
  });

  it('the blacklist removes with its own words, and keeps the row when the server refuses', async () => {
    signIn();
    const { code, status } = errorCatalogue.internal;
    const calls = answerApi({
      'GET /me/blacklist': page(listed('11', 'Sora')),
      'DELETE /blacklist/11': Response.json({ code, message: 'internal', data: null }, { status }),
    });
    await renderPage(<UserBlacklistPage />, { route: '/user/blacklist' });
    expect(screen.getByText('They cannot see your posts or reply to you, and you will not see theirs. Blocking only hides them from you.')).toBeTruthy();
    const remove = await screen.findByRole('button', { name: 'Remove Sora from the blacklist' });
    await act(async () => fireEvent.click(remove));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true));
    await waitFor(() => expect((remove as HTMLButtonElement).disabled).toBe(false));
    expect(screen.getByText('Sora')).toBeTruthy();
    expect(screen.queryByText('Removed from the blacklist')).toBeNull();
  });

  it('say when the blacklist is empty', async () => {
    signIn();
    answerApi({ 'GET /me/blacklist': page() });
    await renderPage(<UserBlacklistPage />, { route: '/user/blacklist' });
    expect(await screen.findByText('Your blacklist is empty.')).toBeTruthy();
  });
});
