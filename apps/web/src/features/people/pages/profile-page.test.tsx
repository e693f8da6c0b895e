import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEREGISTERED_STATE, type Profile } from '@padhub/contracts';
import { anOrganisation, answerApi, refusal, renderPage, signIn, someone } from '@/test-utils.tsx';
import { useSession } from '@/platform/session.ts';
import { ProfilePage } from './profile-page.tsx';

const mina = { id: '9', username: 'mina', nickname: 'Mina', avatar: null, state: 0 };
const profileOf = (over: Partial<Profile> = {}): Profile => ({
  user: mina,
  bio: 'Paddles on everything',
  createdAt: '2026-03-04T10:00:00.000Z',
  postCount: 3,
  followerCount: 1,
  followingCount: 2,
  likeCount: 12,
  following: false,
  blocked: false,
  ...over,
});
const empty = { items: [], nextCursor: null };

afterEach(() => vi.unstubAllGlobals());

function answerProfile(profile: Profile, more: Record<string, unknown> = {}) {
  return answerApi({
    'GET /organisation': anOrganisation,
    [`GET /users/${profile.user.id}`]: profile,
    [`GET /users/${profile.user.id}/posts`]: empty,
    [`GET /users/${profile.user.id}/configs`]: empty,
    ...more,
  });
}

describe('ProfilePage', () => {
  it('shows someone else: names, joined date, bio, counts with plurals, tabs, follow and the ⋯ menu', async () => {
    signIn();
    answerProfile(profileOf());
    await renderPage(<ProfilePage />, { route: '/user/profile?id=9' });
    expect(await screen.findByRole('heading', { name: 'Mina', level: 2 })).toBeTruthy();
    expect(screen.getByText('@mina')).toBeTruthy();
    expect(screen.getByText('Joined March 2026')).toBeTruthy();
    expect(screen.getByText('Paddles on everything')).toBeTruthy();
    const counts = within(screen.getByRole('list', { name: 'Counts' })).getAllByRole('listitem').map((li) => li.textContent);
    expect(counts).toEqual(['3 posts', '1 follower', '2 following', '12 likes received']);
    expect(screen.getByRole('link', { name: '1 follower' }).getAttribute('href')).toBe('/user/followers?id=9');
    expect(screen.getByRole('button', { name: 'Follow' }).getAttribute('aria-pressed')).toBe('false');
    expect(screen.getByRole('button', { name: 'Share' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'More actions' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Posts' }).getAttribute('aria-selected')).toBe('true');
    expect(await screen.findByText('No posts yet.')).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'Configurations' }));
    expect(await screen.findByText('No shared configurations yet.')).toBeTruthy();
  });

  it('my own profile edits the bio (counter, translated refusal past 160) and has no follow button', async () => {
    signIn({ ...someone, id: '9' });
    let bio = '';
    const calls = answerProfile(profileOf(), {
      'GET /users/9': () => profileOf({ bio }),
      'PATCH /me': (call: { body: { bio: string } }) => profileOf({ bio: (bio = call.body.bio) }),
    });
    await renderPage(<ProfilePage />, { route: '/user/profile?id=9' });
    await screen.findByRole('heading', { name: 'Mina', level: 2 });
    expect(screen.queryByRole('button', { name: 'Follow' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'More actions' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Edit bio' }));
    const box = screen.getByRole('textbox', { name: 'Bio' });
    fireEvent.change(box, { target: { value: 'x'.repeat(161) } });
    expect(screen.getByText('161 of 160 characters')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('A bio can have at most 160 characters.');
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Save' }).disabled).toBe(true);
    fireEvent.change(box, { target: { value: 'Fight sticks and tea' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save' })));
    await waitFor(() => expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ bio: 'Fight sticks and tea' }));
    expect(await screen.findByText('Fight sticks and tea')).toBeTruthy();
  });

  it('my own profile edits the nickname: refuses an empty one, and the new name is mine at once', async () => {
    signIn({ ...someone, id: '9', nickname: 'Mina' });
    let nickname = 'Mina';
    const calls = answerProfile(profileOf(), {
      'GET /users/9': () => profileOf({ user: { ...mina, nickname } }),
      'PATCH /me': (call: { body: { nickname: string } }) => profileOf({ user: { ...mina, nickname: (nickname = call.body.nickname) } }),
    });
    await renderPage(<ProfilePage />, { route: '/user/profile?id=9' });
    await screen.findByRole('heading', { name: 'Mina', level: 2 });
    fireEvent.click(screen.getByRole('button', { name: 'Edit name' }));
    const box = screen.getByRole('textbox', { name: 'Nickname' });
    expect(document.activeElement).toBe(box);
    fireEvent.change(box, { target: { value: '   ' } });
    expect(screen.getByRole('alert').textContent).toBe('A nickname cannot be empty.');
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Save' }).disabled).toBe(true);
    fireEvent.change(box, { target: { value: ' Stick Mina ' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save' })));
    await waitFor(() => expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ nickname: 'Stick Mina' }));
    expect(await screen.findByRole('heading', { name: 'Stick Mina', level: 2 })).toBeTruthy();
    expect(useSession.getState().user?.nickname).toBe('Stick Mina');
    expect(await screen.findByText('Name saved')).toBeTruthy();
  });

  it('says a deregistered account no longer exists, without lists or actions', async () => {
    signIn();
    answerProfile(profileOf({ user: { id: '9', username: '', nickname: '', avatar: null, state: DEREGISTERED_STATE } }));
    await renderPage(<ProfilePage />, { route: '/user/profile?id=9' });
    expect(await screen.findByText('This account no longer exists.')).toBeTruthy();
    expect(screen.queryByRole('tab')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Follow' })).toBeNull();
  });

  it('says I blocked them, hides their lists, and unblocks', async () => {
    signIn();
    let blocked = true;
    const calls = answerProfile(profileOf({ blocked: true }), {
      'GET /users/9': () => profileOf({ blocked }),
      'DELETE /blocks/9': () => {
        blocked = false;
        return { blocked: false };
      },
    });
    await renderPage(<ProfilePage />, { route: '/user/profile?id=9' });
    expect(await screen.findByText('You blocked Mina: their posts and comments are hidden from you.')).toBeTruthy();
    expect(screen.queryByRole('tab')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Follow' })).toBeNull();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Unblock' })));
    expect(calls.some((c) => c.method === 'DELETE' && c.path === '/blocks/9')).toBe(true);
    expect(await screen.findByRole('tab', { name: 'Posts' })).toBeTruthy();
  });

  it('follows at once, and goes back with the reason when the server refuses', async () => {
    signIn();
    let answer!: (r: Response) => void;
    answerProfile(profileOf(), { 'PUT /users/9/follow': () => new Promise<Response>((resolve) => (answer = resolve)) });
    await renderPage(<ProfilePage />, { route: '/user/profile?id=9' });
    fireEvent.click(await screen.findByRole('button', { name: 'Follow' }));
    // Before the server answers: Following, and one more follower.
    expect((await screen.findByRole('button', { name: 'Following' })).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByText('2 followers')).toBeTruthy();
    await act(async () => answer(refusal('forbidden')));
    expect(await screen.findByRole('button', { name: 'Follow' })).toBeTruthy();
    expect(screen.getByText('1 follower')).toBeTruthy();
  });

  it('keeps the follow when the server agrees, with its count', async () => {
    signIn();
    const calls = answerProfile(profileOf(), { 'PUT /users/9/follow': { following: true, followerCount: 5 } });
    await renderPage(<ProfilePage />, { route: '/user/profile?id=9' });
    fireEvent.click(await screen.findByRole('button', { name: 'Follow' }));
    expect(await screen.findByText('5 followers')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Following' })).toBeTruthy();
    expect(calls.some((c) => c.method === 'PUT' && c.path === '/users/9/follow')).toBe(true);
  });

  it('opens a mention’s profile by username, and says when nobody has it', async () => {
    signIn();
    answerApi({ 'GET /organisation': anOrganisation, 'GET /users/named/mina': profileOf(), 'GET /users/9/posts': empty, 'GET /users/named/nobody': () => refusal('not_found') });
    const { unmount } = await renderPage(<ProfilePage />, { route: '/user/profile?name=mina' });
    expect(await screen.findByRole('heading', { name: 'Mina', level: 2 })).toBeTruthy();
    unmount();
    await renderPage(<ProfilePage />, { route: '/user/profile?name=nobody' });
    expect(await screen.findByText('This person could not be found.')).toBeTruthy();
  });
});
