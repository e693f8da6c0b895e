import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Profile } from '@padhub/contracts';
import { anOrganisation, answerApi, renderPage, signIn, someone } from '@/test-utils.tsx';
import { MePage } from './me-page.tsx';

const profileOf = (id: string): Profile => ({
  user: { id, username: 'alex', nickname: 'Alex', avatar: null, state: 0 },
  bio: '',
  createdAt: '2026-03-04T10:00:00.000Z',
  postCount: 1,
  followerCount: 3,
  followingCount: 0,
  likeCount: 12,
  following: false,
  blocked: false,
});

afterEach(() => vi.unstubAllGlobals());

const groups = () => screen.getAllByRole('navigation').filter((nav) => nav.closest('.me-page')).map((nav) => nav.getAttribute('aria-label'));

describe('MePage', () => {
  it('shows who I am with counts in plural forms, then my pages in groups, as the third tab', async () => {
    signIn();
    answerApi({ 'GET /organisation': anOrganisation, [`GET /users/${someone.id}`]: profileOf(someone.id) });
    await renderPage(<MePage />, { route: '/user/me' });
    expect(screen.getByRole('heading', { level: 2, name: 'Alex' })).toBeTruthy();
    const counts = await screen.findByRole('list', { name: 'Counts' });
    expect(within(counts).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['1 post', '3 followers', '0 following', '12 likes received']);
    expect(groups()).toEqual(['What I made', 'Notifications', 'Safety', 'Account', 'About']);
    const made = screen.getByRole('navigation', { name: 'What I made' });
    expect(within(made).getByRole('link', { name: 'My profile' }).getAttribute('href')).toBe(`/user/profile?id=${someone.id}`);
    expect(within(screen.getByRole('navigation', { name: 'Account' })).getByRole('link', { name: 'Your data' }).getAttribute('href')).toBe('/user/data');
    expect(within(screen.getByRole('navigation', { name: 'Main navigation' })).getByRole('link', { name: 'Me' }).getAttribute('aria-current')).toBe('page');
  });

  it('opens the picture editor from the header', async () => {
    signIn();
    answerApi({ 'GET /organisation': anOrganisation, [`GET /users/${someone.id}`]: profileOf(someone.id) });
    await renderPage(<MePage />, { route: '/user/me' });
    const header = screen.getByRole('region', { name: 'My profile' });
    fireEvent.click(within(header).getByRole('button', { name: 'Change picture' }));
    expect(await within(header).findByRole('region', { name: 'Your picture' })).toBeTruthy();
    expect(within(header).getByLabelText('Choose a picture')).toBeTruthy();
  });

  it('leads staff to the console, and nobody else', async () => {
    signIn({ ...someone, role: 'moderator' });
    answerApi({ 'GET /organisation': anOrganisation, [`GET /users/${someone.id}`]: profileOf(someone.id) });
    await renderPage(<MePage />, { route: '/user/me' });
    expect(within(screen.getByRole('navigation', { name: 'For staff' })).getByRole('link', { name: 'Moderation console' })).toBeTruthy();
  });

  it('logged out, offers to log in and the legal pages only', async () => {
    signIn(null);
    answerApi({ 'GET /organisation': anOrganisation });
    await renderPage(<MePage />, { route: '/user/me' });
    expect(screen.getByRole('button', { name: 'Log in to continue' })).toBeTruthy();
    expect(groups()).toEqual(['About']);
  });
});
