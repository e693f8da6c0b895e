import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Me, NewAccountRules } from '@padhub/contracts';
import { answerApi, renderPage, signIn, someone } from '@/test-utils.tsx';
import { NewAccountsConsolePage } from './new-accounts-console-page.tsx';

const rules: NewAccountRules = { enabled: false, youngerThanDays: 3, fewerPassedPostsThan: 3, postsPerHour: 3, commentsPerHour: 10, mentionsPerHour: 5, linksPerPost: 2, picturesPerPost: 4, firstPostsReviewed: 0 };
const as = (role: Me['role']) => signIn({ ...someone, role });

afterEach(() => vi.unstubAllGlobals());

describe('the new-account limits console', () => {
  it('shows an admin the limits, and saves what they changed', async () => {
    as('admin');
    const calls = answerApi({ 'GET /admin/new-accounts': rules, 'PUT /admin/new-accounts': (call: { body: unknown }) => call.body });
    await renderPage(<NewAccountsConsolePage />, { route: '/console/new-accounts' });
    const posts = await screen.findByRole<HTMLInputElement>('spinbutton', { name: 'Posts an hour' });
    expect(posts.value).toBe('3');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Hold new accounts to these limits' }));
    fireEvent.change(posts, { target: { value: '1' } });
    fireEvent.change(screen.getByRole('spinbutton', { name: 'First posts that wait for review' }), { target: { value: '2' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save' })));
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ ...rules, enabled: true, postsPerHour: 1, firstPostsReviewed: 2 }));
  });

  it('cannot save a limit out of range', async () => {
    as('admin');
    answerApi({ 'GET /admin/new-accounts': rules });
    await renderPage(<NewAccountsConsolePage />, { route: '/console/new-accounts' });
    const comments = await screen.findByRole('spinbutton', { name: 'Comments an hour' });
    fireEvent.change(comments, { target: { value: '0' } });
    expect(comments.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Save' }).disabled).toBe(true);
  });

  it('is the admins’ only: a moderator is told so and asks nothing', async () => {
    as('moderator');
    const calls = answerApi({ 'GET /admin/new-accounts': rules });
    await renderPage(<NewAccountsConsolePage />, { route: '/console/new-accounts' });
    expect(screen.getByText('Only admins can set the limits for new accounts.')).toBeTruthy();
    expect(calls.filter((c) => c.path === '/admin/new-accounts')).toEqual([]);
  });
});
