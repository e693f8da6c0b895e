import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ModeratedUser, ModerationCase } from '@padhub/contracts';
import { answerApi, renderPage, signIn, someone } from '@/test-utils.tsx';
import { ReportsConsolePage } from './reports-console-page.tsx';

const mina: ModeratedUser = { id: '9', username: 'mina', nickname: 'Mina', avatar: null, state: 0, role: 'user', ban: null };
const jun = { id: '10', username: 'jun', nickname: 'Jun', avatar: null, state: 0 };
const now = new Date().toISOString();
const post = { id: '41', author: { ...mina, id: '8', nickname: 'Sora', username: 'sora' }, content: 'Which stick caps fit the Lite?', lang: 'en' as const, media: [], reviewStatus: 'passed' as const, reviewReason: null, deleted: false, createdAt: now };
const commentCase: ModerationCase = {
  id: 'c-77',
  targetType: 'comment',
  targetId: '77',
  openReports: 2,
  openedAt: now,
  post,
  comment: { id: '77', postId: '41', author: mina, content: 'You are an idiot', deleted: false, createdAt: now, replyTo: { id: '70', author: jun, content: 'The grey ones do' } },
  user: null,
  reports: [
    { id: '1', reporter: jun, reason: 'abuse', description: 'Insults me', status: 'received', updatedAt: now },
    { id: '2', reporter: { ...jun, id: '11', nickname: 'Lee' }, reason: 'other', description: '', status: 'no_action', updatedAt: now },
  ],
};
const postCase: ModerationCase = { ...commentCase, id: 'p-41', targetType: 'post', targetId: '41', openReports: 1, comment: null, reports: [commentCase.reports[0]!] };

beforeEach(() => signIn({ ...someone, role: 'moderator' }));
afterEach(() => vi.unstubAllGlobals());

describe('the reports console', () => {
  it('shows a reported comment in its context, with every report about it', async () => {
    answerApi({ 'GET /admin/reports': { items: [commentCase], nextCursor: null } });
    await renderPage(<ReportsConsolePage />, { route: '/console' });
    const card = await screen.findByRole('article', { name: /Comment by Mina/ });
    expect(within(card).getByRole('heading').textContent).toBe('Comment by Mina2 open reports');
    expect(card.textContent).toContain('You are an idiot');
    expect(card.textContent).toContain('In reply to Jun: The grey ones do');
    expect(card.textContent).toContain('On the post: Which stick caps fit the Lite?');
    const reports = within(card).getAllByRole('listitem').map((li) => li.textContent);
    expect(reports).toEqual(['Jun: Abuse or harassmentInsults me', 'Lee: Other · No actionNo description']);
    const actions = within(card).getByRole('group', { name: /Comment by Mina/ });
    expect(within(actions).getAllByRole('button').map((b) => b.textContent)).toEqual(['Keep comment, close reports', 'Delete comment, close reports', 'Ban the author']);
  });

  it('shows the report the watched words opened, with the words and no reporter', async () => {
    const flagged = { id: '3', reporter: null, reason: 'watched_word' as const, watchedWords: ['raffle', 'f*ck'], description: '', status: 'received' as const, updatedAt: now };
    answerApi({ 'GET /admin/reports': { items: [{ ...postCase, reports: [flagged] }], nextCursor: null } });
    await renderPage(<ReportsConsolePage />, { route: '/console' });
    const card = await screen.findByRole('article', { name: /Post by Sora/ });
    expect(within(card).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Reported automatically: watched words raffle, f*ck']);
  });

  it('dismisses a comment’s reports with the reason given', async () => {
    const calls = answerApi({ 'GET /admin/reports': { items: [commentCase], nextCursor: null }, 'POST /admin/reports/dismiss': { auditId: '5', reportsResolved: 2 } });
    await renderPage(<ReportsConsolePage />, { route: '/console' });
    fireEvent.click(await screen.findByRole('button', { name: 'Keep comment, close reports' }));
    // What it does, said before confirming.
    expect(screen.getByText('The comment stays as it is. The reporters are told that no action was taken.')).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: 'Reason' }), { target: { value: 'Heated but allowed' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Confirm: Keep comment, close reports' })));
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ targetType: 'comment', targetId: '77', reason: 'Heated but allowed' }));
  });

  it('offers keep, hide and delete for a reported post, named by what they do, and deletes it with the reason', async () => {
    const calls = answerApi({ 'GET /admin/reports': { items: [postCase], nextCursor: null }, 'POST /admin/posts/41/delete': { auditId: '6', reportsResolved: 1 } });
    await renderPage(<ReportsConsolePage />, { route: '/console' });
    const card = await screen.findByRole('article', { name: /Post by Sora/ });
    expect(within(card).getAllByRole('button').map((b) => b.textContent)).toEqual(['Keep post, close reports', 'Hide post, close reports', 'Delete post, close reports', 'Ban the author']);
    fireEvent.click(within(card).getByRole('button', { name: 'Hide post, close reports' }));
    expect(card.textContent).toContain('Only its author still sees the post, with your reason. The reporters are told that action was taken.');
    fireEvent.click(within(card).getByRole('button', { name: 'Delete post, close reports' }));
    expect(card.textContent).toContain('The post is deleted for everyone, its author told why.');
    fireEvent.change(within(card).getByRole('textbox', { name: 'Reason' }), { target: { value: 'Scam' } });
    await act(async () => fireEvent.click(within(card).getByRole('button', { name: 'Confirm: Delete post, close reports' })));
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')).toMatchObject({ path: '/admin/posts/41/delete', body: { reason: 'Scam' } }));
  });

  it('shows a reported person with a link to their profile; dismisses or bans them', async () => {
    const userCase: ModerationCase = { ...commentCase, id: 'u-9', targetType: 'user', targetId: '9', post: null, comment: null, user: mina, openReports: 1, reports: [commentCase.reports[0]!] };
    const calls = answerApi({ 'GET /admin/reports': { items: [userCase], nextCursor: null }, 'POST /admin/reports/dismiss': { auditId: '7', reportsResolved: 1 } });
    const { location } = await renderPage(<ReportsConsolePage />, { route: '/console' });
    const card = await screen.findByRole('article', { name: /Reports about Mina/ });
    expect(card.textContent).toContain('Jun: Abuse or harassment');
    expect(within(card).getAllByRole('button').map((b) => b.textContent)).toEqual(['Close reports, no action', 'Ban the author']);
    fireEvent.click(within(card).getByRole('button', { name: 'Close reports, no action' }));
    fireEvent.change(within(card).getByRole('textbox', { name: 'Reason' }), { target: { value: 'Banter' } });
    await act(async () => fireEvent.click(within(card).getByRole('button', { name: 'Confirm: Close reports, no action' })));
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ targetType: 'user', targetId: '9', reason: 'Banter' }));
    fireEvent.click(within(card).getByRole('link', { name: 'Open the profile' }));
    expect(location()).toBe('/user/profile?id=9');
  });

  it('says when no reported content waits', async () => {
    answerApi({ 'GET /admin/reports': { items: [], nextCursor: null } });
    await renderPage(<ReportsConsolePage />, { route: '/console' });
    expect(await screen.findByText('No reported content is waiting.')).toBeTruthy();
  });
});
