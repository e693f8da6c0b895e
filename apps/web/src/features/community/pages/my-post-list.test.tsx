import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aPost, answerApi, renderPage, signIn } from '@/test-utils.tsx';
import { MyPostList } from './my-post-list.tsx';

const post = aPost({
  author: { id: '7', username: 'alex', nickname: 'Alex', avatar: null, state: 0 },
  content: 'My first setup',
  reviewStatus: 'not_passed',
  reviewReason: 'Advertising',
});

afterEach(() => vi.unstubAllGlobals());

describe('MyPostList', () => {
  it('invites someone who has not posted yet to write a first post', async () => {
    signIn();
    answerApi({ 'GET /me/posts': { items: [], nextCursor: null } });
    await renderPage(<MyPostList list="posts" title="My posts" />);
    expect(await screen.findByText(/You haven't posted yet/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'New post' }).getAttribute('href')).toBe('/community/add');
  });

  it('shows the review of one’s own posts only', async () => {
    signIn();
    answerApi({ 'GET /me/posts': { items: [post], nextCursor: null }, 'GET /me/likes': { items: [post], nextCursor: null } });
    const { unmount } = await renderPage(<MyPostList list="posts" title="My posts" />);
    expect((await screen.findByText('Advertising')).closest('.review-reason')?.textContent).toBe(' · Reason: Advertising');
    unmount();
    await renderPage(<MyPostList list="likes" title="My likes" />);
    expect(await screen.findByRole('list', { name: 'My likes' })).toBeTruthy();
    expect(screen.queryByText('Advertising')).toBeNull();
  });

  it('says a liked list is empty without inviting to post', async () => {
    signIn();
    answerApi({ 'GET /me/favourites': { items: [], nextCursor: null } });
    await renderPage(<MyPostList list="favourites" title="My favourites" />);
    expect(await screen.findByText('Nothing here yet')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'New post' })).toBeNull();
  });
});
