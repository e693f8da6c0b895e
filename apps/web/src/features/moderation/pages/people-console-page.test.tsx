import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Me, PersonTrust, StaffPerson } from '@padhub/contracts';
import { answerApi, refusal, renderPage, signIn, someone } from '@/test-utils.tsx';
import { PeopleConsolePage } from './people-console-page.tsx';

const earned: PersonTrust = { level: 'earned', limited: false, ageDays: 40, passedPosts: 12, trustedBy: null, trustedAt: null };
const person = (id: string, nickname: string, over: Partial<StaffPerson> = {}): StaffPerson => ({
  id,
  username: nickname.toLowerCase(),
  nickname,
  avatar: null,
  state: 0,
  role: 'user',
  ban: null,
  trust: earned,
  ...over,
});
const people = [
  person('9', 'Mina'),
  person('10', 'Jun', { ban: { until: '2030-01-02T03:04:05.000Z', hidesContent: false } }),
  person('3', 'Kai', { role: 'moderator' }),
  person('1', 'Ada', { role: 'admin' }),
  person('7', 'Alex', { role: 'moderator' }),
];
const as = (role: Me['role']) => signIn({ ...someone, role });
const actionsOf = (name: string) => {
  const card = screen.getByRole('article', { name });
  return within(card).queryAllByRole('button').map((b) => b.textContent);
};

afterEach(() => vi.unstubAllGlobals());

describe('the people console', () => {
  it('offers a moderator bans and unbans of users only, nothing on staff or on themselves', async () => {
    as('moderator');
    answerApi({ 'GET /admin/users': { items: people, nextCursor: null } });
    await renderPage(<PeopleConsolePage />, { route: '/console/people' });
    expect(await screen.findByRole('heading', { name: 'Moderators, admins and banned people' })).toBeTruthy();
    await screen.findByRole('article', { name: 'Mina' });
    expect(actionsOf('Mina')).toEqual(['Ban', 'Trust this person']);
    expect(actionsOf('Jun')).toEqual(['Unban', 'Trust this person']);
    expect(screen.getByRole('article', { name: 'Jun' }).textContent).toContain('Banned until');
    expect(actionsOf('Kai')).toEqual([]);
    expect(actionsOf('Ada')).toEqual([]);
    expect(actionsOf('Alex')).toEqual([]);
  });

  it('offers an admin the moderator role too, and bans of moderators', async () => {
    as('admin');
    answerApi({ 'GET /admin/users': { items: people, nextCursor: null } });
    await renderPage(<PeopleConsolePage />, { route: '/console/people' });
    await screen.findByRole('article', { name: 'Mina' });
    expect(actionsOf('Mina')).toEqual(['Ban', 'Make moderator', 'Trust this person']);
    expect(actionsOf('Kai')).toEqual(['Ban', 'Remove moderator']);
    expect(actionsOf('Ada')).toEqual([]);
  });

  it('shows each person’s trust, and raises a new account’s with a reason', async () => {
    as('moderator');
    const newbie = person('12', 'Nia', { trust: { level: 'new', limited: true, ageDays: 1, passedPosts: 0, trustedBy: null, trustedAt: null } });
    const trusted = person('13', 'Oto', { trust: { ...earned, level: 'trusted', ageDays: 2, passedPosts: 1, trustedBy: { id: '3', username: 'kai' }, trustedAt: '2026-11-02T03:04:05.000Z' } });
    const calls = answerApi({ 'GET /admin/users': { items: [newbie, trusted, person('9', 'Mina')], nextCursor: null }, 'PUT /admin/users/12/trust': { ...newbie.trust, level: 'trusted', limited: false } });
    await renderPage(<PeopleConsolePage />, { route: '/console/people' });
    const nia = await screen.findByRole('article', { name: 'Nia' });
    expect(nia.textContent).toContain('New account');
    expect(nia.textContent).toContain('Limits apply');
    expect(nia.textContent).toContain('1 day old · 0 passed posts');
    expect(screen.getByRole('article', { name: 'Oto' }).textContent).toContain('Trusted by @kai on');
    expect(actionsOf('Oto')).toEqual(['Ban', 'Take trust back']);
    expect(screen.getByRole('article', { name: 'Mina' }).textContent).toContain('Earned trust 40 days old · 12 passed posts');
    fireEvent.click(within(nia).getByRole('button', { name: 'Trust this person' }));
    expect(within(nia).getByText('The new-account limits no longer hold them.')).toBeTruthy();
    fireEvent.change(within(nia).getByRole('textbox', { name: 'Reason' }), { target: { value: 'Known from the forum' } });
    await act(async () => fireEvent.click(within(nia).getByRole('button', { name: 'Confirm: Trust this person' })));
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ trusted: true, reason: 'Known from the forum' }));
  });

  it('shows a ban on the card while the server is still answering, and takes it back when the server refuses', async () => {
    as('moderator');
    let answer: (value: unknown) => void = () => undefined;
    answerApi({ 'GET /admin/users': { items: [person('9', 'Mina')], nextCursor: null }, 'POST /admin/users/9/ban': () => new Promise((resolve) => (answer = resolve)) });
    await renderPage(<PeopleConsolePage />, { route: '/console/people' });
    const mina = await screen.findByRole('article', { name: 'Mina' });
    const ban = async () => {
      fireEvent.click(within(mina).getByRole('button', { name: 'Ban' }));
      fireEvent.click(within(mina).getByRole('checkbox', { name: /Hide their posts and comments/ }));
      fireEvent.change(within(mina).getByRole('textbox', { name: 'Reason' }), { target: { value: 'Spam' } });
      await act(async () => fireEvent.click(within(mina).getByRole('button', { name: 'Confirm: Ban' })));
    };
    await ban();
    // The server has not answered (its answer waits for the test): the card already says what the ban does.
    await waitFor(() => expect(actionsOf('Mina')).toContain('Unban'));
    expect(mina.textContent).toContain('Content hidden');
    await act(async () => answer(refusal('forbidden')));
    await waitFor(() => expect(actionsOf('Mina')).toContain('Ban'));
    expect(mina.textContent).not.toContain('Content hidden');
  });

  it('searches by what was typed, trimmed, and says when nobody is found', async () => {
    as('moderator');
    const calls = answerApi({ 'GET /admin/users': { items: [], nextCursor: null } });
    await renderPage(<PeopleConsolePage />, { route: '/console/people' });
    const search = screen.getByRole('search');
    fireEvent.change(within(search).getByRole('searchbox', { name: 'Username or nickname' }), { target: { value: ' mina ' } });
    fireEvent.submit(search);
    expect(await screen.findByText('Nobody found.')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Moderators, admins and banned people' })).toBeNull();
    await waitFor(() => expect(calls.map((c) => c.query.get('q'))).toEqual([null, 'mina']));
  });
});

describe('the console frame', () => {
  it('keeps the console from people who are not staff, and shows the shop section to admins only', async () => {
    as('user');
    const calls = answerApi({ 'GET /admin/users': { items: [], nextCursor: null } });
    const { unmount } = await renderPage(<PeopleConsolePage />, { route: '/console/people' });
    expect(screen.getByText('Only moderators and admins can open the console.')).toBeTruthy();
    expect(calls).toEqual([]);
    unmount();
    as('moderator');
    const moderator = await renderPage(<PeopleConsolePage />, { route: '/console/people' });
    const nav = screen.getByRole('navigation', { name: 'Console sections' });
    expect(within(nav).getAllByRole('link').map((l) => l.textContent)).toEqual(['Reports', 'Review', 'People', 'Audit log', 'Insights', 'Removed pictures']);
    expect(within(nav).getByRole('link', { name: 'People' }).getAttribute('aria-current')).toBe('page');
    moderator.unmount();
    as('admin');
    await renderPage(<PeopleConsolePage />, { route: '/console/people' });
    expect(within(screen.getByRole('navigation', { name: 'Console sections' })).getByRole('link', { name: 'Shop' }).getAttribute('href')).toBe('/console/goods');
  });

  it('asks a logged-out person to log in', async () => {
    signIn(null);
    answerApi({});
    await renderPage(<PeopleConsolePage />, { route: '/console/people' });
    expect(screen.getByRole('button', { name: 'Log in to continue' })).toBeTruthy();
  });
});
