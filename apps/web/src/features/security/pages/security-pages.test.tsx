import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type SessionInfo, errorMessages } from '@padhub/contracts';
import { answerApi, refuse, renderPage, signIn } from '@/test-utils.tsx';
import { setNetwork } from '@/test-network.ts';
import { PasswordPage } from './password-page.tsx';
import { SessionsPage } from './sessions-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const session = (fields: Partial<SessionInfo>): SessionInfo => ({
  id: '1',
  device: null,
  platform: null,
  network: null,
  firstSeenAt: null,
  createdAt: new Date(Date.now() - 3 * 86400_000).toISOString(),
  lastUsedAt: new Date().toISOString(),
  current: false,
  ...fields,
});

describe('SessionsPage', () => {
  it('lists the sessions, this one marked, and ends another', async () => {
    signIn();
    const items = [session({ id: '1', device: 'Safari · iPhone', current: true }), session({ id: '2', device: 'Pixel 8' }), session({ id: '3' })];
    const calls = answerApi({ 'GET /me/sessions': { items }, 'DELETE /me/sessions/2': {} });
    await renderPage(<SessionsPage />, { route: '/user/sessions' });
    const list = await screen.findByRole('list');
    expect(within(list).getAllByRole('listitem').map((li) => li.querySelector('strong')?.textContent)).toEqual(['Safari · iPhone', 'Pixel 8', 'Unknown device']);
    expect(within(list).getAllByText('This device')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Log out Safari · iPhone' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Log out Pixel 8' }));
    await waitFor(() => expect(screen.queryByText('Pixel 8')).toBeNull());
    expect(calls.some((c) => c.method === 'DELETE' && c.path === '/me/sessions/2')).toBe(true);
  });

  it('shows the server’s own reading beside the name a device chose: platform, network, first seen', async () => {
    signIn();
    const named = session({ id: '2', device: 'My iPhone', platform: 'Chrome · Android', network: '203.0.113.0/24', firstSeenAt: new Date(Date.now() - 2 * 3600_000).toISOString() });
    answerApi({ 'GET /me/sessions': { items: [session({ id: '1', current: true }), named] } });
    await renderPage(<SessionsPage />, { route: '/user/sessions' });
    const row = (await screen.findByText('My iPhone')).closest('li')!;
    const reading = Object.fromEntries([...row.querySelectorAll('dt')].map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]));
    expect(reading).toMatchObject({ 'Server saw': 'Chrome · Android', Network: '203.0.113.0/24' });
    expect(reading['First seen']).toMatch(/2/);
    // A session without them shows none of the three.
    expect([...(screen.getByText('This device').closest('li')?.querySelectorAll('dt') ?? [])].map((dt) => dt.textContent)).toEqual(['Logged in', 'Last used']);
  });

  it('logs out everywhere else and says how many', async () => {
    signIn();
    answerApi({ 'GET /me/sessions': { items: [session({ id: '1', current: true }), session({ id: '2' }), session({ id: '4' })] }, 'DELETE /me/sessions': { revoked: 2 } });
    await renderPage(<SessionsPage />, { route: '/user/sessions' });
    fireEvent.click(await screen.findByRole('button', { name: 'Log out everywhere else' }));
    expect(await screen.findByText('Logged out of 2 other sessions')).toBeTruthy();
  });
});

describe('PasswordPage', () => {
  const fill = (current: string, next: string, repeat = next) => {
    fireEvent.change(screen.getByLabelText('Current password'), { target: { value: current } });
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: next } });
    fireEvent.change(screen.getByLabelText('New password again'), { target: { value: repeat } });
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
  };

  it('holds the new password to the rules before sending anything', async () => {
    signIn();
    const calls = answerApi({});
    await renderPage(<PasswordPage />, { route: '/user/password' });
    fill('the old one', 'short');
    expect((await screen.findByRole('alert')).textContent).toBe('The new password needs at least 8 characters.');
    fill('the old one', 'a new password', 'another one');
    expect(screen.getByRole('alert').textContent).toBe('The two new passwords are not the same.');
    fill('the old one', 'the old one');
    expect(screen.getByRole('alert').textContent).toBe('The new password must differ from the current one.');
    expect(calls).toEqual([]);
  });

  it('says why the server refused, and changes it when right', async () => {
    signIn();
    let refused = true;
    const calls = answerApi({ 'POST /me/password': () => (refused ? refuse('password_wrong')() : { revoked: 1 }) });
    await renderPage(<PasswordPage />, { route: '/user/password' });
    fill('not it at all', 'a new password');
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('The current password is wrong.'));
    refused = false;
    fill('the old one', 'a new password');
    expect(await screen.findByText('Password changed. 1 other session was logged out.')).toBeTruthy();
    expect(calls.at(-1)?.body).toEqual({ currentPassword: 'the old one', newPassword: 'a new password' });
    expect(screen.getByLabelText<HTMLInputElement>('Current password').value).toBe('');
  });

  it('offline, says so and keeps what was typed', async () => {
    signIn();
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    await renderPage(<PasswordPage />, { route: '/user/password' });
    await setNetwork(false);
    fill('the old one', 'a new password');
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(errorMessages.offline.en));
    expect(screen.getByLabelText<HTMLInputElement>('Current password').value).toBe('the old one');
    expect(screen.getByLabelText<HTMLInputElement>('New password').value).toBe('a new password');
  });
});
