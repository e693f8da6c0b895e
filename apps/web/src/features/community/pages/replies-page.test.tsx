import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CommentItem } from '@padhub/contracts';
import { answerApi, renderPage } from '@/test-utils.tsx';
import { RepliesPage } from './replies-page.tsx';

const root: CommentItem = {
  id: '10',
  postId: '41',
  author: { id: '9', username: 'mina', nickname: 'Mina', avatar: null, state: 0 },
  content: 'Which trigger stops do you use?',
  rootId: null,
  replyTo: null,
  replyToAuthor: null,
  likeCount: 0,
  replyCount: 1,
  liked: false,
  deleted: false,
  createdAt: new Date().toISOString(), editedAt: null,
};
const reply: CommentItem = { ...root, id: '11', rootId: '10', replyTo: '10', replyToAuthor: root.author, replyCount: 0, content: 'Short ones', author: { id: '3', username: 'ken', nickname: 'Ken', avatar: null, state: 0 } };

afterEach(() => vi.unstubAllGlobals());

describe('RepliesPage', () => {
  it('shows the comment atop its replies, and answers the comment unless a reply is chosen', async () => {
    const calls = answerApi({ 'GET /comments/10/replies': { items: [reply], nextCursor: null, comment: root } });
    await renderPage(<RepliesPage />, { route: '/community/replay?id=10' });
    expect(await screen.findByText('Which trigger stops do you use?')).toBeTruthy();
    expect(screen.getByText('Short ones')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Reply to Mina' })).toBeTruthy();
    fireEvent.click(screen.getAllByRole('button', { name: 'Reply' })[1] as HTMLElement);
    expect(screen.getByRole('textbox', { name: 'Reply to Ken' })).toBeTruthy();
    expect(calls[0]?.path).toBe('/comments/10/replies');
  });

  it('offers no box under a deleted comment until a reply to answer is chosen', async () => {
    answerApi({ 'GET /comments/10/replies': { items: [reply], nextCursor: null, comment: { ...root, deleted: true, author: null, content: '' } } });
    await renderPage(<RepliesPage />, { route: '/community/replay?id=10' });
    expect(await screen.findByText('This message has been deleted')).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Reply' }));
    expect(screen.getByRole('textbox', { name: 'Reply to Ken' })).toBeTruthy();
  });

  it('offers to load again when the replies cannot be loaded', async () => {
    answerApi({});
    await renderPage(<RepliesPage />, { route: '/community/replay?id=10' });
    expect(await screen.findByRole('button', { name: 'Request failed, click to reload' })).toBeTruthy();
  });
});
