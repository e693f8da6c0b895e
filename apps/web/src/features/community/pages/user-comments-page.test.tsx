import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MyComment } from '@padhub/contracts';
import { answerApi, renderPage, signIn } from '@/test-utils.tsx';
import { UserCommentsPage } from './user-comments-page.tsx';

const mine: MyComment = {
  id: '10',
  postId: '41',
  author: { id: '7', username: 'alex', nickname: 'Alex', avatar: null, state: 0 },
  content: 'Thanks for the macro',
  rootId: null,
  replyTo: null,
  replyToAuthor: null,
  likeCount: 0,
  replyCount: 0,
  liked: false,
  deleted: false,
  createdAt: new Date().toISOString(), editedAt: null,
  postExcerpt: 'Turbo macro for fighting games',
  postLang: 'en',
  replyToExcerpt: '',
};

afterEach(() => vi.unstubAllGlobals());

describe('UserCommentsPage', () => {
  it('asks someone logged out to log in, and asks the server nothing', async () => {
    signIn(null);
    const calls = answerApi({});
    await renderPage(<UserCommentsPage />);
    expect(screen.getByRole('button', { name: 'Log in to continue' })).toBeTruthy();
    expect(calls.filter((c) => c.path === '/me/comments')).toEqual([]);
  });

  it('lists what the person said, each opening its post, and deletes one after confirming', async () => {
    signIn();
    const calls = answerApi({
      'GET /me/comments': { items: [mine, { ...mine, id: '11', deleted: true, content: '', postExcerpt: '' }], nextCursor: null },
      'DELETE /comments/10': null,
    });
    await renderPage(<UserCommentsPage />);
    const link = await screen.findByRole('link', { name: /Thanks for the macro/ });
    // Opens the comment in place, on its post.
    expect(link.getAttribute('href')).toBe('/community/detail?id=41&comment=10');
    // The post's first line, marked with its own language.
    expect(within(link).getByText('Turbo macro for fighting games').getAttribute('lang')).toBe('en');
    expect(link.textContent).toContain('On: Turbo macro for fighting games');
    // A post that can no longer be opened has nothing to quote.
    expect(screen.getByRole('link', { name: 'This message has been deleted' })).toBeTruthy();
    fireEvent.click(screen.getAllByRole('button', { name: 'Delete' })[0] as HTMLElement);
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(calls.map((c) => `${c.method} ${c.path}`)).toContain('DELETE /comments/10'));
  });
});
