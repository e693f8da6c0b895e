import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MyReport } from '@padhub/contracts';
import { answerApi, renderPage, signIn } from '@/test-utils.tsx';
import { UserReportsPage } from './user-reports-page.tsx';

const report = (over: Partial<MyReport>): MyReport => ({
  id: '3',
  targetType: 'post',
  targetId: '41',
  reason: 'spam',
  description: '',
  status: 'received',
  createdAt: new Date().toISOString(),
  updatedAt: new Date().toISOString(),
  postId: '41',
  excerpt: 'Cheap accounts here',
  ...over,
});

afterEach(() => vi.unstubAllGlobals());

describe('UserReportsPage', () => {
  it('shows each report with its target, status, reason and the words the person added', async () => {
    signIn();
    answerApi({
      'GET /me/reports': {
        items: [
          report({}),
          report({ id: '4', targetType: 'comment', targetId: '77', reason: 'other', description: 'Threatens people', status: 'action_taken', excerpt: 'you will regret it' }),
        ],
        nextCursor: null,
      },
    });
    await renderPage(<UserReportsPage />, { route: '/user/reports' });
    const first = (await screen.findByText('Cheap accounts here')).closest('a')!;
    expect(first.getAttribute('href')).toBe('/community/detail?id=41');
    expect(first.textContent).toContain('Post');
    expect(first.textContent).toContain('Received');
    expect(first.textContent).toContain('Reason: Spam or advertising');
    const second = screen.getByText('you will regret it').closest('a')!;
    expect(second.textContent).toContain('Comment');
    expect(second.textContent).toContain('Action taken');
    expect(second.textContent).toContain('Reason: Other · Threatens people');
  });

  it('says when the reported content is gone, and links nowhere then', async () => {
    signIn();
    answerApi({ 'GET /me/reports': { items: [report({ postId: null, excerpt: null, status: 'no_action' })], nextCursor: null } });
    await renderPage(<UserReportsPage />, { route: '/user/reports' });
    const gone = await screen.findByText('No longer visible');
    expect(gone.closest('a')).toBeNull();
    expect(gone.parentElement!.textContent).toContain('No action');
  });

  it('says when nothing was reported', async () => {
    signIn();
    answerApi({ 'GET /me/reports': { items: [], nextCursor: null } });
    await renderPage(<UserReportsPage />, { route: '/user/reports' });
    expect(await screen.findByText('You have not reported anything.')).toBeTruthy();
  });

  it('offers to load again after a failure', async () => {
    signIn();
    let fail = true;
    const calls = answerApi({
      'GET /me/reports': () => (fail ? Response.json({ code: 50001, message: 'internal', data: null }, { status: 500 }) : { items: [report({})], nextCursor: null }),
    });
    await renderPage(<UserReportsPage />, { route: '/user/reports' });
    const retry = await screen.findByRole('button', { name: 'Request failed, click to reload' });
    fail = false;
    fireEvent.click(retry);
    expect(await screen.findByText('Cheap accounts here')).toBeTruthy();
    expect(calls).toHaveLength(2);
  });

  it('asks nobody’s reports of the server', async () => {
    signIn(null);
    const calls = answerApi({});
    await renderPage(<UserReportsPage />, { route: '/user/reports' });
    expect(screen.getByRole('button', { name: 'Log in to continue' })).toBeTruthy();
    expect(calls).toEqual([]);
  });
});
