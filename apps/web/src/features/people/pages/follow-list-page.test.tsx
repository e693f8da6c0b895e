import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Profile } from '@padhub/contracts';
import { answerApi, mina, renderPage } from '@/test-utils.tsx';
import { FollowersPage, FollowingPage } from './follow-list-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const profile: Profile = { user: mina, bio: '', createdAt: '2026-03-04T10:00:00.000Z', postCount: 3, followerCount: 1, followingCount: 1, likeCount: 0, following: false, blocked: false };
const jun = { id: '12', username: 'jun', nickname: 'Jun', avatar: null, state: 0 };

describe('the follow lists', () => {
  it('say whose followers they list, and whom that person follows', async () => {
    answerApi({ 'GET /users/9': profile, 'GET /users/9/followers': { items: [{ user: jun, followedAt: '2026-03-05T10:00:00.000Z' }], nextCursor: null } });
    const { unmount } = await renderPage(<FollowersPage />, { route: '/user/followers?id=9' });
    expect(await screen.findByRole('heading', { name: 'Mina’s followers' })).toBeTruthy();
    expect(await screen.findByRole('link', { name: /Jun/ })).toBeTruthy();
    unmount();
    answerApi({ 'GET /users/9': profile, 'GET /users/9/following': { items: [], nextCursor: null } });
    await renderPage(<FollowingPage />, { route: '/user/following?id=9' });
    expect(await screen.findByRole('heading', { name: 'Followed by Mina' })).toBeTruthy();
  });
});
