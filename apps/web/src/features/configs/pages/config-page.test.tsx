import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ConfigCard, Organisation } from '@padhub/contracts';
import { usePostDraft } from '@/platform/post-draft.ts';
import { readEditDraft, writeEditDraft } from '@/platform/edit-drafts.ts';
import { answerApi, renderPage, signIn, someone } from '@/test-utils.tsx';
import { ConfigPage, MyConfigsPage } from './config-page.tsx';

const organisation: Organisation = {
  id: 'padhub',
  name: 'Padhub',
  defaultLanguage: 'en',
  currency: 'USD',
  moderationMode: 'post',
  models: [
    { id: 'elite-x', name: 'Padhub Elite X' },
    { id: 'lite', name: 'Padhub Lite' },
  ],
};
const mina = { id: '9', username: 'mina', nickname: 'Mina', avatar: null, state: 0 };
const card = (id: string, name: string, over: Partial<ConfigCard> = {}): ConfigCard => ({
  id,
  model: 'elite-x',
  kind: 'mapping',
  name,
  entryNames: [],
  author: mina,
  basedOn: null,
  applyCount: 0,
  saveCount: 0,
  likeCount: 0,
  game: null,
  createdAt: '2025-01-02T03:04:05.000Z',
  updatedAt: '2025-01-02T03:04:05.000Z',
  ...over,
});
const library = [
  card('1', 'Racing'),
  card('2', 'Shooter aim', { model: 'lite', basedOn: { id: '40', name: 'Pro aim', author: mina } }),
  card('3', 'Combos', { kind: 'macro', entryNames: ['Dash', 'Wavedash'] }),
];
const answer = (items: ConfigCard[]) => answerApi({ 'GET /organisation': organisation, 'GET /configs': { items, nextCursor: null } });
const draft = () => usePostDraft.getState();

beforeEach(() => {
  signIn();
  draft().clear();
});
afterEach(() => vi.unstubAllGlobals());

describe('the Config page', () => {
  it('groups the library by model in the organisation’s order, then by kind', async () => {
    answer(library);
    await renderPage(<MyConfigsPage />, { route: '/user/configs' });
    await screen.findByRole('region', { name: 'Padhub Lite' });
    const groups = screen.getAllByRole('region').map((r) => r.getAttribute('aria-label'));
    expect(groups).toEqual(['Padhub Elite X', 'Padhub Lite']);
    const elite = screen.getByRole('region', { name: 'Padhub Elite X' });
    expect(within(elite).getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['Mappings', 'Macros']);
    // Browsing: each row opens the configuration; nothing to choose.
    expect(within(elite).getByRole('link', { name: /Combos\s*Dash · Wavedash/ }).getAttribute('href')).toBe('/configs/detail?id=3');
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(screen.getByText('Based on “Pro aim” by Mina')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Attach/ })).toBeNull();
  });

  it('finds configurations by any word of their name, entries or origin', async () => {
    answer(library);
    await renderPage(<MyConfigsPage />, { route: '/user/configs' });
    const search = await screen.findByRole('searchbox', { name: 'Search my configurations' });
    fireEvent.change(search, { target: { value: 'wavedash' } });
    expect(screen.getAllByRole('link').map((l) => l.textContent)).toEqual([expect.stringContaining('Combos')]);
    fireEvent.change(search, { target: { value: 'pro AIM' } });
    expect(screen.getAllByRole('link').map((l) => l.textContent)).toEqual([expect.stringContaining('Shooter aim')]);
    fireEvent.change(search, { target: { value: ' nothing ' } });
    expect(screen.getByText('Nothing matches “nothing”')).toBeTruthy();
  });

  it('attaches the chosen configurations to the draft and returns to it', async () => {
    answer(library);
    draft().setConfigIds(['3', 'deleted-since']);
    const { location } = await renderPage(<ConfigPage />, { route: '/community/config' });
    const combos = await screen.findByRole('checkbox', { name: /Combos/ });
    expect((combos as HTMLInputElement).checked).toBe(true);
    // The one deleted since is not counted.
    expect(screen.getByRole('button', { name: 'Attach (1)' })).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: /Racing/ }));
    fireEvent.click(combos);
    expect(screen.getByRole('link', { name: 'Open: Racing' }).getAttribute('href')).toBe('/configs/detail?id=1');
    fireEvent.click(screen.getByRole('button', { name: 'Attach (1)' }));
    expect(draft().configIds).toEqual(['1']);
    expect(location()).toBe('/community/add');
  });

  it('picks for the edit of a post, into its stored changes, leaving the new-post draft alone', async () => {
    answer(library);
    draft().setConfigIds(['3']);
    const stored = { content: 'Edited text', model: 'elite-x', configIds: ['1'], kept: [], added: [] };
    writeEditDraft(someone.id, '41', stored);
    const { location } = await renderPage(<ConfigPage />, { route: '/community/config?edit=41' });
    const racing = await screen.findByRole('checkbox', { name: /Racing/ });
    expect((racing as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole('checkbox', { name: /Shooter aim/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Attach (2)' }));
    expect(readEditDraft(someone.id, '41')).toEqual({ ...stored, configIds: ['1', '2'] });
    expect(draft().configIds).toEqual(['3']);
    expect(location()).toBe('/community/add?edit=41');
  });

  it('refuses a sixth configuration of one model', async () => {
    const six = Array.from({ length: 6 }, (_, i) => card(String(i + 1), `Setup ${i + 1}`));
    answer(six);
    draft().setConfigIds(['1', '2', '3', '4', '5']);
    await renderPage(<ConfigPage />, { route: '/community/config' });
    const sixth = await screen.findByRole('checkbox', { name: /Setup 6/ });
    await act(async () => fireEvent.click(sixth));
    expect(await screen.findByText('You can attach at most five configurations of the same model')).toBeTruthy();
    expect((sixth as HTMLInputElement).checked).toBe(false);
    expect(screen.getByRole('button', { name: 'Attach (5)' })).toBeTruthy();
  });

  it('says when the library is empty, and asks a logged-out person to log in', async () => {
    const calls = answer([]);
    const { unmount } = await renderPage(<ConfigPage />, { route: '/community/config' });
    expect(await screen.findByText(/No configurations yet/)).toBeTruthy();
    unmount();
    signIn(null);
    calls.length = 0;
    await renderPage(<ConfigPage />, { route: '/community/config' });
    expect(screen.getByRole('button', { name: 'Log in to continue' })).toBeTruthy();
    await waitFor(() => expect(calls.filter((c) => c.path === '/configs')).toEqual([]));
  });
});
