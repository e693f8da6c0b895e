import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Comment, errorMessages } from '@padhub/contracts';
import { postKeys } from '@/entities/post/keys.ts';
import { answerApi, aPost, mina, refuse, renderPage, signIn, someone, testQueryClient } from '@/test-utils.tsx';
import { PostDetailPage } from './post-detail-page.tsx';

const post = aPost({ author: mina, content: 'Drift settings: https://example.com/guide', likeCount: 3, commentCount: 1, favouriteCount: 0, liked: false });
const comment: Comment = { id: '10', postId: '41', author: { ...mina, id: '3', nickname: 'Ken' }, content: 'Thanks!', rootId: null, replyTo: null, replyToAuthor: null, likeCount: 0, replyCount: 0, liked: false, deleted: false, createdAt: post.createdAt , editedAt: null};
const route = '/community/detail?id=41';

afterEach(() => vi.unstubAllGlobals());

describe('PostDetailPage', () => {
  it('shows the post with its links, reactions and comments, and a box to comment', async () => {
    answerApi({ 'GET /posts/41': post, 'GET /posts/41/comments': { items: [comment], nextCursor: null } });
    await renderPage(<PostDetailPage />, { route });
    expect(await screen.findByRole('link', { name: 'https://example.com/guide' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Like 3' }).getAttribute('aria-pressed')).toBe('false');
    expect(screen.getByRole('button', { name: 'Favourite 0' })).toBeTruthy();
    expect(await screen.findByRole('region', { name: 'Comments (1)' })).toBeTruthy();
    expect(await screen.findByText('Thanks!')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Comment' })).toBeTruthy();
  });

  it('turns the box to a comment chosen for a reply, ready to type', async () => {
    answerApi({ 'GET /posts/41': post, 'GET /posts/41/comments': { items: [comment], nextCursor: null } });
    await renderPage(<PostDetailPage />, { route });
    fireEvent.click(await screen.findByRole('button', { name: 'Reply' }));
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Reply to Ken' }));
  });

  it('favourites for a person logged in', async () => {
    signIn();
    const calls = answerApi({ 'GET /posts/41': post, 'GET /posts/41/comments': { items: [], nextCursor: null }, 'PUT /posts/41/favourite': { favourited: true, favouriteCount: 1 } });
    await renderPage(<PostDetailPage />, { route });
    const favourite = await screen.findByRole('button', { name: 'Favourite 0' });
    await act(async () => fireEvent.click(favourite));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Favourite 1' }).getAttribute('aria-pressed')).toBe('true'));
    expect(calls.map((c) => `${c.method} ${c.path}`)).toContain('PUT /posts/41/favourite');
  });

  it('says whom their own block hides the post behind, loading that part only then', async () => {
    answerApi({ 'GET /posts/41': refuse('author_hidden_by_you', { author: mina, list: 'block' }) });
    await renderPage(<PostDetailPage />, { route });
    expect(await screen.findByRole('button', { name: 'Unblock Mina' })).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('says a post that is gone is gone, without offering to load it again', async () => {
    answerApi({ 'GET /posts/41': refuse('not_found') });
    await renderPage(<PostDetailPage />, { route });
    expect(await screen.findByText(errorMessages.not_found.en)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Request failed, click to reload' })).toBeNull();
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('offers to load again after any other failure', async () => {
    answerApi({ 'GET /posts/41': refuse('unavailable') });
    await renderPage(<PostDetailPage />, { route });
    expect(await screen.findByRole('button', { name: 'Request failed, click to reload' })).toBeTruthy();
  });

  it('lets its author delete it after confirming, and forgets it everywhere', async () => {
    signIn({ ...someone, id: mina.id });
    const calls = answerApi({ 'GET /posts/41': { ...post, reviewStatus: 'pending' }, 'GET /posts/41/comments': { items: [], nextCursor: null }, 'DELETE /posts/41': null });
    const client = testQueryClient();
    await renderPage(<PostDetailPage />, { route, client });
    // The author sees the post waits for review, and a menu to edit it rather than report it.
    expect(await screen.findByText('Under review')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'More actions' }));
    expect(await screen.findByText('Edit')).toBeTruthy();
    expect(screen.queryByText('Report')).toBeNull();
    fireEvent.click(screen.getByText('Cancel'));
    fireEvent.click(screen.getByRole('button', { name: 'Delete post' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Deleted')).toBeTruthy();
    expect(calls.map((c) => `${c.method} ${c.path}`)).toContain('DELETE /posts/41');
    expect(client.getQueryState(postKeys.detail('41'))).toBeUndefined();
  });

  it('shows when it was edited, and tells its author their edit waits for review, or was not passed with a way to edit it again', async () => {
    signIn({ ...someone, id: mina.id });
    const editedAt = '2026-03-04T10:20:00.000Z';
    const pendingEdit = { content: 'New text', model: null, media: [], configs: [], reviewStatus: 'not_passed' as const, reviewReason: 'Spam link', createdAt: editedAt };
    answerApi({ 'GET /posts/41': { ...post, editedAt, pendingEdit }, 'GET /posts/41/comments': { items: [], nextCursor: null } });
    await renderPage(<PostDetailPage />, { route });
    const mark = await screen.findByText('edited');
    expect(mark.getAttribute('dateTime')).toBe(editedAt);
    expect(mark.getAttribute('aria-label')).toMatch(/^Edited .*2026/);
    expect(screen.getByText(/Your edit was not passed/).textContent).toContain('Reason: Spam link');
    expect(screen.getByRole('link', { name: 'Edit and send again' }).getAttribute('href')).toBe('/community/add?edit=41');
  });
});
