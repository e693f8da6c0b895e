import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Report, errorCatalogue, errorMessages, htmlLangTags } from '@padhub/contracts';
import { aPost, answerApi, mina, renderPage, signIn } from '@/test-utils.tsx';
import { setNetwork } from '@/test-network.ts';
import { ReportPage } from './report-page.tsx';

const report: Report = {
  id: '3',
  targetType: 'post',
  targetId: '41',
  reason: 'spam',
  description: '',
  status: 'received',
  createdAt: '2025-01-02T03:04:05.000Z',
  updatedAt: '2025-01-02T03:04:05.000Z',
};

const send = () => screen.getByRole<HTMLButtonElement>('button', { name: 'Send' });

beforeEach(() => {
  signIn();
  // The page asks for what it reports: unknown to these tests unless one answers it.
  answerApi({});
});
afterEach(() => vi.unstubAllGlobals());

describe('ReportPage', () => {
  it('says there is nothing to report when the address names no post or comment', async () => {
    for (const route of ['/community/report', '/community/report?type=group&id=4', '/community/report?type=post&id=abc', '/community/report?type=post&id=0']) {
      const { unmount } = await renderPage(<ReportPage />, { route });
      expect(screen.getByText('There is nothing to report here.')).toBeTruthy();
      expect(screen.queryByRole('radio')).toBeNull();
      unmount();
    }
  });

  it('reports a person from their profile', async () => {
    await renderPage(<ReportPage />, { route: '/community/report?type=user&id=4' });
    expect(screen.getByText('You are reporting a person')).toBeTruthy();
    expect(screen.getAllByRole('radio').length).toBeGreaterThan(0);
  });

  it('shows the reported post, its author and its start above the form', async () => {
    answerApi({ 'GET /posts/41': aPost({ id: '41', author: mina, content: 'Buy cheap macros at example.com', lang: 'cn', media: [] }) });
    await renderPage(<ReportPage />, { route: '/community/report?type=post&id=41' });
    const shown = screen.getByRole('figure', { name: 'You are reporting a post' });
    await waitFor(() => expect(shown.textContent).toContain('Buy cheap macros at example.com'));
    expect(shown.textContent).toContain('Mina');
    // Marked with the HTML tag of the post's language, not the API's code for it.
    expect(shown.querySelector('blockquote')?.getAttribute('lang')).toBe(htmlLangTags.cn);
  });

  it('shows the reported comment, or says it is no longer visible', async () => {
    answerApi({ 'GET /comments/12': { id: '12', postId: '41', author: mina, content: 'you are all noobs', rootId: null, replyTo: null, replyToAuthor: null, likeCount: 0, replyCount: 0, createdAt: '2025-01-02T03:04:05.000Z', editedAt: null, liked: false } });
    const { unmount } = await renderPage(<ReportPage />, { route: '/community/report?type=comment&id=12' });
    await waitFor(() => expect(screen.getByRole('figure', { name: 'You are reporting a comment' }).textContent).toContain('you are all noobs'));
    unmount();
    answerApi({});
    await renderPage(<ReportPage />, { route: '/community/report?type=comment&id=13' });
    await waitFor(() => expect(screen.getByRole('figure', { name: 'You are reporting a comment' }).textContent).toBe('No longer visible'));
  });

  it('says what is reported and offers every reason; Send waits for one', async () => {
    await renderPage(<ReportPage />, { route: '/community/report?type=comment&id=12' });
    expect(screen.getByText('You are reporting a comment')).toBeTruthy();
    const reasons = screen.getAllByRole('radio').map((r) => r.closest('label')?.textContent);
    expect(reasons).toEqual(['Spam or advertising', 'Abuse or harassment', 'Cheating or an unfair macro', 'Illegal content', 'Other']);
    expect(send().disabled).toBe(true);
    fireEvent.click(screen.getByRole('radio', { name: 'Abuse or harassment' }));
    expect(send().disabled).toBe(false);
  });

  it('asks for a description when the reason is Other, and links the hint to the field', async () => {
    await renderPage(<ReportPage />, { route: '/community/report?type=post&id=41' });
    fireEvent.click(screen.getByRole('radio', { name: 'Other' }));
    const hint = screen.getByText('Please describe the content when the reason is “Other”');
    const field = screen.getByRole('textbox', { name: 'Description' });
    expect(field.getAttribute('aria-describedby')).toBe(hint.id);
    expect(send().disabled).toBe(true);
    // Spaces are no description.
    fireEvent.change(field, { target: { value: '   ' } });
    expect(send().disabled).toBe(true);
    fireEvent.change(field, { target: { value: 'Sells accounts' } });
    expect(screen.queryByText(/when the reason is “Other”/)).toBeNull();
    expect(send().disabled).toBe(false);
  });

  it('sends the reason and the trimmed description, then goes back', async () => {
    const calls = answerApi({ 'POST /reports': report });
    const { location } = await renderPage(<ReportPage />, { route: '/community/report?type=post&id=41' });
    fireEvent.click(screen.getByRole('radio', { name: 'Spam or advertising' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Description' }), { target: { value: '  links to a shop  ' } });
    await act(async () => fireEvent.click(send()));
    // The page asked for the post it reports (to show it), then sent the report once.
    await waitFor(() => expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['GET /posts/41', 'POST /reports']));
    expect(calls[1]!.body).toEqual({ targetType: 'post', targetId: '41', reason: 'spam', description: 'links to a shop' });
    // A retry of it would carry the same key, so the server answers the first report (platform/api/send-key.ts).
    expect(calls[1]!.headers.get('idempotency-key')).toMatch(/^[0-9a-f]{32}$/);
    // No page to go back to in the test's history: the feed replaces the form.
    await waitFor(() => expect(location()).toBe('/community/index'));
    expect(await screen.findByText('Sent successfully')).toBeTruthy();
  });

  it('stays on the form when the server refuses the report', async () => {
    const { code, status } = errorCatalogue.rate_limited;
    answerApi({ 'POST /reports': Response.json({ code, message: 'rate_limited', data: { retryAfter: 30 } }, { status }) });
    const { location } = await renderPage(<ReportPage />, { route: '/community/report?type=post&id=41' });
    fireEvent.click(screen.getByRole('radio', { name: 'Illegal content' }));
    await act(async () => fireEvent.click(send()));
    // The toast says why and when to try again.
    expect(await screen.findByText(/try again in 30 seconds/)).toBeTruthy();
    expect(send().disabled).toBe(false);
    expect(location()).toBe('/community/report?type=post&id=41');
    expect((screen.getByRole<HTMLInputElement>('radio', { name: 'Illegal content' })).checked).toBe(true);
  });

  it('offline, says so at once and keeps the form as it was', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    const { location } = await renderPage(<ReportPage />, { route: '/community/report?type=post&id=41' });
    fireEvent.click(screen.getByRole('radio', { name: 'Spam or advertising' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Description' }), { target: { value: 'links to a shop' } });
    await setNetwork(false);
    await act(async () => fireEvent.click(send()));
    expect(await screen.findByText(errorMessages.offline.en)).toBeTruthy();
    expect(location()).toBe('/community/report?type=post&id=41');
    expect(screen.getByRole<HTMLInputElement>('radio', { name: 'Spam or advertising' }).checked).toBe(true);
    expect(screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Description' }).value).toBe('links to a shop');
    expect(send().disabled).toBe(false);
  });
});
