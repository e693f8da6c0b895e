import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Me } from '@padhub/contracts';
import { type ApiCall, answerApi, refuse, renderPage, signIn, someone } from '@/test-utils.tsx';
import { GamesConsolePage } from './games-console-page.tsx';

const as = (role: Me['role']) => signIn({ ...someone, role });
const games = { items: [{ id: 'g1', name: 'Elden Ring' }, { id: 'g2', name: 'elden ring dlc' }] };

afterEach(() => vi.unstubAllGlobals());

describe('the games console', () => {
  it('lets an admin rename a game, and says so', async () => {
    as('admin');
    const calls = answerApi({ 'GET /games': games, 'PUT /admin/games/g2': (c: ApiCall) => ({ id: 'g2', name: (c.body as { name: string }).name }) });
    await renderPage(<GamesConsolePage />, { route: '/console/games' });
    const card = await screen.findByRole('article', { name: 'elden ring dlc' });
    fireEvent.change(within(card).getByRole('textbox', { name: 'Name' }), { target: { value: 'Elden Ring: Shadow of the Erdtree' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Rename' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ name: 'Elden Ring: Shadow of the Erdtree' }));
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
    expect(screen.getByText('Only admins can rename and merge games.')).toBeTruthy();
    expect(calls.filter((c) => c.path === '/games')).toEqual([]);
  });
});
