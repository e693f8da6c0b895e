import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Me } from '@padhub/contracts';
import { type ApiCall, answerApi, refuse, renderPage, signIn, someone } from '@/test-utils.tsx';
import { GamesConsolePage } from './games-console-page.tsx';

const as = (role: Me['role']) => signIn({ ...someone, role });
const noNames = { cn: null, jp: null, ko: null };
const games = {
  items: [
    { id: 'g1', name: 'Elden Ring', names: { cn: '艾尔登法环', jp: 'エルデンリング', ko: null }, aliases: ['ER'] },
    { id: 'g2', name: 'elden ring dlc', names: noNames, aliases: [] },
  ],
};

afterEach(() => vi.unstubAllGlobals());

describe('the games console', () => {
  it('lets an admin rename a game, name it in other languages and keep its aliases, and says so', async () => {
    as('admin');
    const calls = answerApi({ 'GET /games': games, 'PUT /admin/games/g1': (c: ApiCall) => ({ id: 'g1', ...(c.body as object) }) });
    await renderPage(<GamesConsolePage />, { route: '/console/games' });
    const card = await screen.findByRole('article', { name: 'Elden Ring' });
    expect(within(card).getByRole<HTMLInputElement>('textbox', { name: 'Japanese name' }).value).toBe('エルデンリング');
    fireEvent.change(within(card).getByRole('textbox', { name: 'Name (English)' }), { target: { value: 'ELDEN RING' } });
    fireEvent.change(within(card).getByRole('textbox', { name: 'Korean name' }), { target: { value: '엘든 링' } });
    fireEvent.change(within(card).getByRole('textbox', { name: 'Chinese name' }), { target: { value: '' } });
    // Enter in the alias box adds it (the same spelling in another width or case is not added twice).
    const alias = within(card).getByRole('textbox', { name: 'New alias' });
    fireEvent.change(alias, { target: { value: ' elden  ' } });
    fireEvent.keyDown(alias, { key: 'Enter' });
    fireEvent.change(alias, { target: { value: 'ＥＲ' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Add' }));
    fireEvent.click(within(card).getByRole('button', { name: 'Remove alias “ER”' }));
    expect(within(card).getAllByRole('listitem').map((li) => li.firstChild?.textContent)).toEqual(['elden']);
    fireEvent.click(within(card).getByRole('button', { name: 'Save names' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ name: 'ELDEN RING', names: { cn: '', jp: 'エルデンリング', ko: '엘든 링' }, aliases: ['elden'] }),
    );
    expect(await screen.findByText('Saved')).toBeTruthy();
  });

  it('merges one spelling into another after a confirmation, and shows a refusal', async () => {
    as('admin');
    const calls = answerApi({ 'GET /games': games, 'POST /admin/games/g2/merge': refuse('forbidden') });
    await renderPage(<GamesConsolePage />, { route: '/console/games' });
    const card = await screen.findByRole('article', { name: 'elden ring dlc' });
    fireEvent.change(within(card).getByRole('combobox', { name: 'Merge into' }), { target: { value: 'g1' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Merge' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Merge “elden ring dlc” into “Elden Ring”?');
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Merge' })));
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ into: 'g1' }));
    expect(await screen.findByText('You cannot do this here.')).toBeTruthy();
  });

  it('shows moderators no games to change', async () => {
    as('moderator');
    const calls = answerApi({ 'GET /games': games });
    await renderPage(<GamesConsolePage />, { route: '/console/games' });
    expect(screen.getByText('Only admins can name and merge games.')).toBeTruthy();
    expect(calls.filter((c) => c.path === '/games')).toEqual([]);
  });
});
