import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Me } from '@padhub/contracts';
import { type ApiCall, answerApi, refuse, renderPage, signIn, someone } from '@/test-utils.tsx';
import { WatchedWordsConsolePage } from './watched-words-console-page.tsx';

const as = (role: Me['role']) => signIn({ ...someone, role });
const list = { items: [{ id: 'w1', word: 'spam', action: 'block', updatedAt: '2026-11-29T00:00:00.000Z' }] };
const route = '/console/watched-words';

describe('the watched words console', () => {
  it('adds a word with its action, and imports a list', async () => {
    as('admin');
    const calls = answerApi({
      'GET /admin/watched-words': list,
      'POST /admin/watched-words': (c: ApiCall) => ({ id: 'w2', ...(c.body as object), updatedAt: '2026-11-29T00:00:00.000Z' }),
      'POST /admin/watched-words/import': { added: 2, updated: 1, skipped: 0 },
    });
    await renderPage(<WatchedWordsConsolePage />, { route });
    const add = screen.getByRole('form', { name: 'Add' });
    fireEvent.change(within(add).getByRole('textbox', { name: 'Word' }), { target: { value: 'giveaway' } });
    fireEvent.change(within(add).getByRole('combobox', { name: 'Action' }), { target: { value: 'require_approval' } });
    fireEvent.click(within(add).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(calls.find((c) => c.path === '/admin/watched-words' && c.method === 'POST')?.body).toEqual({ word: 'giveaway', action: 'require_approval' }));
    const importing = screen.getByRole('form', { name: 'Import' });
    fireEvent.change(within(importing).getByRole('textbox'), { target: { value: 'a\nb\nc' } });
    fireEvent.click(within(importing).getByRole('button', { name: 'Import' }));
    expect(await screen.findByText('2 words added. Changed: 1, skipped: 0.')).toBeTruthy();
  });

  it('tries a text and shows what matched and what others see', async () => {
    as('admin');
    answerApi({ 'GET /admin/watched-words': list, 'POST /admin/watched-words/test': { matched: [{ id: 'w1', word: 'spam', action: 'censor' }], censored: 'no ■■■■' } });
    await renderPage(<WatchedWordsConsolePage />, { route });
    const form = screen.getByRole('form', { name: 'Try' });
    fireEvent.change(within(form).getByRole('textbox'), { target: { value: 'no spam' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Try' }));
    const status = await within(form).findByRole('status');
    expect(status.textContent).toContain('“spam”: Censor (■■)');
    expect(status.textContent).toContain('Others see: no ■■■■');
  });

  it('removes a word after a confirmation, and shows a refusal', async () => {
    as('admin');
    const calls = answerApi({ 'GET /admin/watched-words': list, 'DELETE /admin/watched-words/w1': refuse('forbidden') });
    await renderPage(<WatchedWordsConsolePage />, { route });
    const card = await screen.findByRole('article', { name: 'spam' });
    fireEvent.click(within(card).getByRole('button', { name: 'Remove' }));
    const dialog = await screen.findByRole('dialog');
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' })));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true));
    expect(await screen.findByText('You cannot do this here.')).toBeTruthy();
  });

  it('shows moderators no words', async () => {
    as('moderator');
    const calls = answerApi({ 'GET /admin/watched-words': list });
    await renderPage(<WatchedWordsConsolePage />, { route });
    expect(screen.getByText('Only admins can keep the watched words.')).toBeTruthy();
    expect(calls).toEqual([]);
  });
});
