import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ModeratedUser, ModerationPost } from '@padhub/contracts';
import { answerApi, renderPage, signIn, someone } from '@/test-utils.tsx';
import { ReviewConsolePage } from './review-console-page.tsx';

const mina: ModeratedUser = { id: '9', username: 'mina', nickname: 'Mina', avatar: null, state: 0, role: 'user', ban: null };
const post = (id: string, over: Partial<ModerationPost> = {}): ModerationPost => ({
  id,
  author: mina,
  content: 'Selling cheap accounts, message me',
  lang: 'en',
  media: [],
  reviewStatus: 'pending',
  reviewReason: null,
  deleted: false,
  createdAt: new Date().toISOString(),
  ...over,
});
const result = { auditId: '100', reportsResolved: 0 };

beforeEach(() => signIn({ ...someone, role: 'moderator' }));
afterEach(() => vi.unstubAllGlobals());

describe('the review console', () => {
  it('shows each waiting post with its author and state, and the actions on it', async () => {
    answerApi({ 'GET /admin/posts/pending': { items: [post('41', { watchedWords: ['cheap accounts'] })], nextCursor: null } });
    await renderPage(<ReviewConsolePage />, { route: '/console/review' });
    const card = await screen.findByRole('article', { name: 'By Mina' });
    expect(card.textContent).toContain('Selling cheap accounts, message me');
    // The watched words that held it, for the moderator.
    expect(card.textContent).toContain('Watched words met: cheap accounts');
    expect(card.textContent).toContain('@mina');
    expect(card.textContent).toContain('Under review');
    const actions = within(card).getByRole('group', { name: 'By Mina' });
    expect(within(actions).getAllByRole('button').map((b) => b.textContent)).toEqual(['Approve', 'Reject', 'Delete', 'Ban the author']);
  });

  it('lists the comments a watched word holds above the posts, with the words, and passes one with its reason', async () => {
    const held = {
      id: '77',
      postId: '41',
      author: mina,
      content: 'Preorder from my shop',
      deleted: false,
      createdAt: new Date().toISOString(),
      replyTo: null,
      editedAt: null,
      watchedWords: ['preorder'],
      heldEdit: false,
      postContent: 'Which stick should I buy?',
    };
    const calls = answerApi({
      'GET /admin/comments/held': { items: [held], nextCursor: null },
      'GET /admin/posts/pending': { items: [], nextCursor: null },
      'POST /admin/comments/77/pass': result,
    });
    await renderPage(<ReviewConsolePage />, { route: '/console/review' });
    expect(await screen.findByRole('heading', { name: 'Comments waiting for review' })).toBeTruthy();
    const card = screen.getByRole('article', { name: 'Comment by Mina' });
    expect(card.textContent).toContain('Preorder from my shop');
    expect(card.textContent).toContain('Watched words met: preorder');
    expect(card.textContent).toContain('Which stick should I buy?');
    fireEvent.click(within(card).getByRole('button', { name: 'Approve' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Reason' }), { target: { value: 'A friend’s shop, fine' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Confirm: Approve' })));
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')).toMatchObject({ path: '/admin/comments/77/pass', body: { reason: 'A friend’s shop, fine' } }));
  });

  it('asks for a reason before an action is sent, and sends it trimmed', async () => {
    const calls = answerApi({ 'GET /admin/posts/pending': { items: [post('41')], nextCursor: null }, 'POST /admin/posts/41/not-pass': result });
    await renderPage(<ReviewConsolePage />, { route: '/console/review' });
    const notPass = await screen.findByRole('button', { name: 'Reject' });
    fireEvent.click(notPass);
    expect(notPass.getAttribute('aria-pressed')).toBe('true');
    const reason = screen.getByRole('textbox', { name: 'Reason' });
    expect(reason.getAttribute('aria-describedby')).toBe(screen.getByText(/^Required\. The author reads it/).id);
    const confirm = screen.getByRole<HTMLButtonElement>('button', { name: 'Confirm: Reject' });
    expect(confirm.disabled).toBe(true);
    fireEvent.change(reason, { target: { value: '  ' } });
    expect(confirm.disabled).toBe(true);
    fireEvent.change(reason, { target: { value: ' Advertising ' } });
    await act(async () => fireEvent.click(confirm));
    expect(await screen.findByText('Done')).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({ path: '/admin/posts/41/not-pass', body: { reason: 'Advertising' } });
    // Done: the form closes, and the queue asks again.
    await waitFor(() => expect(screen.queryByRole('textbox', { name: 'Reason' })).toBeNull());
    expect(calls.filter((c) => c.path === '/admin/posts/pending')).toHaveLength(2);
  });

  it('bans for the length chosen, counting days in words', async () => {
    const calls = answerApi({ 'GET /admin/posts/pending': { items: [post('41')], nextCursor: null }, 'POST /admin/users/9/ban': result });
    await renderPage(<ReviewConsolePage />, { route: '/console/review' });
    fireEvent.click(await screen.findByRole('button', { name: 'Ban the author' }));
    const length = screen.getByRole<HTMLSelectElement>('combobox', { name: 'How long' });
    expect(length.value).toBe('7');
    expect([...length.options].map((o) => o.textContent)).toEqual(['1 day', '3 days', '7 days', '30 days', '365 days', 'For good']);
    fireEvent.change(length, { target: { value: 'forever' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Reason' }), { target: { value: 'Spam account' } });
    // Hiding the person's content is a choice, off unless ticked.
    const hide = screen.getByRole<HTMLInputElement>('checkbox', { name: 'Hide their posts and comments while the ban lasts' });
    expect(hide.checked).toBe(false);
    fireEvent.click(hide);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Confirm: Ban the author' })));
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ reason: 'Spam account', days: null, hideContent: true }));
  });

  it('closes the form on Cancel or on a second tap of the action, sending nothing', async () => {
    const calls = answerApi({ 'GET /admin/posts/pending': { items: [post('41')], nextCursor: null } });
    await renderPage(<ReviewConsolePage />, { route: '/console/review' });
    fireEvent.click(await screen.findByRole('button', { name: 'Approve' }));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('textbox', { name: 'Reason' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Approve' }));
    fireEvent.click(screen.getByRole('button', { name: 'Approve' }));
    expect(screen.queryByRole('textbox', { name: 'Reason' })).toBeNull();
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([]);
  });

  it('offers no ban for an author already banned or on the staff, and says when nothing waits', async () => {
    const banned = { ...mina, ban: { until: null, hidesContent: false } };
    answerApi({ 'GET /admin/posts/pending': { items: [post('41', { author: banned }), post('42', { author: { ...mina, id: '3', nickname: 'Kai', role: 'moderator' } })], nextCursor: null } });
    const { unmount } = await renderPage(<ReviewConsolePage />, { route: '/console/review' });
    const first = await screen.findByRole('article', { name: 'By Mina' });
    expect(first.textContent).toContain('Banned for good');
    expect(within(first).queryByRole('button', { name: 'Ban the author' })).toBeNull();
    const second = screen.getByRole('article', { name: 'By Kai' });
    expect(second.textContent).toContain('Moderator');
    expect(within(second).queryByRole('button', { name: 'Ban the author' })).toBeNull();
    unmount();
    vi.unstubAllGlobals();
    answerApi({ 'GET /admin/posts/pending': { items: [], nextCursor: null } });
    await renderPage(<ReviewConsolePage />, { route: '/console/review' });
    expect(await screen.findByText('No posts are waiting for review.')).toBeTruthy();
  });

  it('shows an edit of a passed post as an edit, beside what others see now, with its earlier versions, and decides the edit', async () => {
    const editedAt = '2026-03-04T10:20:00.000Z';
    const waiting = post('41', { reviewStatus: 'passed', content: 'Passed text', editedAt, edit: { content: 'Edited text', media: [], createdAt: editedAt } });
    const calls = answerApi({
      'GET /admin/posts/pending': { items: [waiting], nextCursor: null },
      'GET /admin/posts/41/revisions': { items: [{ content: 'First text', replacedAt: editedAt, mediaCount: 2 }] },
      'POST /admin/posts/41/pass': result,
    });
    await renderPage(<ReviewConsolePage />, { route: '/console/review' });
    const card = await screen.findByRole('article', { name: 'Edit of a passed post by Mina' });
    expect(card.textContent).toContain('Shown now');
    expect(card.textContent).toContain('Passed text');
    expect(card.textContent).toContain('Edited version, waiting');
    expect(card.textContent).toContain('Edited text');
    const show = within(card).getByRole('button', { name: /show earlier versions/ });
    fireEvent.click(show);
    expect(show.getAttribute('aria-expanded')).toBe('true');
    const versions = await within(card).findByRole('list', { name: 'Earlier versions' });
    expect(versions.textContent).toContain('First text');
    expect(versions.textContent).toContain('2 pictures or videos');
    fireEvent.click(within(card).getByRole('button', { name: 'Approve' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Reason' }), { target: { value: 'Fine now' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Confirm: Approve' })));
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')).toMatchObject({ path: '/admin/posts/41/pass', body: { reason: 'Fine now', edit: true } }));
  });
});
