import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bridge } from '@/platform/host.ts';
import { type ApiCall, aSharedConfig, anOrganisation, answerApi, renderPage } from '@/test-utils.tsx';
import { HubPage } from './hub-page.tsx';

const item = (id: string, name: string) => aSharedConfig({ id, name, model: 'lite', game: 'Elden Ring', appliedCount: 3, likeCount: 0 });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** A host that reports this controller as connected. */
const connect = (model: string | null) => {
  vi.spyOn(bridge, 'supports').mockImplementation((method) => method === 'getConnectedController');
  vi.spyOn(bridge, 'call').mockImplementation(async (method) => {
    if (method !== 'getConnectedController') throw new Error(`unexpected ${method}`);
    return { controller: model === null ? null : { model, firmware: '2.1.0' } };
  });
};

const answerHub = () =>
  answerApi({
    'GET /organisation': anOrganisation,
    'GET /games': { items: [{ id: 'g1', name: 'Elden Ring', names: { cn: '艾尔登法环', jp: 'エルデンリング', ko: '엘든 링' }, aliases: ['ER'] }] },
    'GET /configs/shared': (call: ApiCall) => ({ items: call.query.get('cursor') ? [] : [item(`${call.query.get('kind') ?? 'any'}-1`, 'Rolling dodge')], nextCursor: null }),
  });

const sharedCalls = (calls: ApiCall[]) => calls.filter((c) => c.path === '/configs/shared').map((c) => Object.fromEntries(c.query));

describe('HubPage', () => {
  it('reads its filters from the address and asks the server for them', async () => {
    const calls = answerHub();
    await renderPage(<HubPage />, { route: '/configs?model=lite&sort=liked&game=Elden%20Ring' });
    expect(await screen.findByRole('link', { name: /Rolling dodge/ })).toBeTruthy();
    expect(sharedCalls(calls)[0]).toEqual({ model: 'lite', sort: 'liked', game: 'Elden Ring' });
    expect(screen.getByRole<HTMLSelectElement>('combobox', { name: 'Order' }).value).toBe('liked');
    expect(screen.getByRole<HTMLInputElement>('combobox', { name: 'Game' }).value).toBe('Elden Ring');
  });

  it('puts each change in the address, so back and a shared link keep it, and lists what the server answers', async () => {
    const calls = answerHub();
    const { location } = await renderPage(<HubPage />, { route: '/configs' });
    await screen.findByRole('link', { name: /Rolling dodge/ });
    expect(sharedCalls(calls)[0]).toEqual({ sort: 'applied30' });

    await waitFor(() => expect(screen.getByRole('option', { name: 'Padhub Lite' })).toBeTruthy());
    fireEvent.change(screen.getByRole('combobox', { name: 'Controller' }), { target: { value: 'lite' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'Kind' }), { target: { value: 'macro' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'Order' }), { target: { value: 'applied' } });
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search by name, game or author' }), { target: { value: ' mina ' } });
    fireEvent.submit(screen.getByRole('search'));

    await waitFor(() => expect(location()).toBe('/configs?sort=applied&model=lite&kind=macro&q=mina'));
    await waitFor(() => expect(sharedCalls(calls).at(-1)).toEqual({ sort: 'applied', model: 'lite', kind: 'macro', q: 'mina' }));
    expect(await screen.findByRole('link', { name: /Rolling dodge/ })).toBeTruthy();
  });

  it('a box emptied and a menu changed leaves no old words applied; clear filters shows everything', async () => {
    const calls = answerHub();
    const { location } = await renderPage(<HubPage />, { route: '/configs?model=lite&q=dodge&kind=macro' });
    await screen.findByRole('link', { name: /Rolling dodge/ });
    const box = screen.getByRole<HTMLInputElement>('searchbox', { name: 'Search by name, game or author' });
    expect(box.value).toBe('dodge');
    // Emptied, as its clear button does: the words leave the address at once.
    fireEvent.change(box, { target: { value: '' } });
    await waitFor(() => expect(location()).toBe('/configs?model=lite&kind=macro'));
    // Typed again but not sent, then a menu changed: the menu's change takes the box as it reads.
    fireEvent.change(box, { target: { value: 'roll' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'Order' }), { target: { value: 'new' } });
    await waitFor(() => expect(location()).toBe('/configs?sort=new&model=lite&kind=macro&q=roll'));
    await waitFor(() => expect(sharedCalls(calls).at(-1)).toEqual({ sort: 'new', model: 'lite', kind: 'macro', q: 'roll' }));

    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(location()).toBe('/configs?model=all'));
    expect(box.value).toBe('');
    expect(screen.getByRole<HTMLSelectElement>('combobox', { name: 'Kind' }).value).toBe('');
    expect(screen.getByRole<HTMLSelectElement>('combobox', { name: 'Order' }).value).toBe('applied30');
    await waitFor(() => expect(sharedCalls(calls).at(-1)).toEqual({ sort: 'applied30' }));
    expect(screen.queryByRole('button', { name: 'Clear filters' })).toBeNull();
  });

  it('the game field left with words that are no single game keeps the game filter, and says so', async () => {
    const calls = answerApi({
      'GET /organisation': anOrganisation,
      'GET /games': { items: [{ id: 'g1', name: 'Elden Ring', names: { cn: null, jp: null, ko: null }, aliases: ['ER'] }, { id: 'g2', name: 'Street Fighter 6', names: { cn: null, jp: null, ko: null }, aliases: ['SF6'] }] },
      'GET /configs/shared': { items: [item('1', 'Rolling dodge')], nextCursor: null },
    });
    const { location } = await renderPage(<HubPage />, { route: '/configs?model=lite&game=Elden%20Ring' });
    await screen.findByRole('link', { name: /Rolling dodge/ });
    const field = screen.getByRole<HTMLInputElement>('combobox', { name: 'Game' });
    fireEvent.change(field, { target: { value: 'r' } });
    await waitFor(() => expect(within(screen.getByRole('listbox', { name: 'Games' })).getAllByRole('option')).toHaveLength(2));
    fireEvent.blur(field);
    expect(await screen.findByText('“r” is not one game: the game filter stays Elden Ring. Choose a suggestion.')).toBeTruthy();
    expect(field.value).toBe('Elden Ring');
    expect(location()).toBe('/configs?model=lite&game=Elden%20Ring');
    expect(sharedCalls(calls).every((q) => q.game === 'Elden Ring')).toBe(true);
  });

  it('shows the words of the address it is on, also after the address changes', async () => {
    answerHub();
    const { location } = await renderPage(<HubPage />, { route: '/configs?q=dodge' });
    const words = screen.getByRole<HTMLInputElement>('searchbox', { name: 'Search by name, game or author' });
    expect(words.value).toBe('dodge');
    fireEvent.change(words, { target: { value: '' } });
    fireEvent.submit(screen.getByRole('search'));
    await waitFor(() => expect(location()).toBe('/configs'));
    expect(words.value).toBe('');
  });

  it('opened without a model, shows the connected controller’s, asking the server for no other first', async () => {
    connect('lite');
    const calls = answerHub();
    const { location } = await renderPage(<HubPage />, { route: '/configs?kind=macro' });
    await waitFor(() => expect(location()).toBe('/configs?kind=macro&model=lite'));
    await screen.findByRole('link', { name: /Rolling dodge/ });
    expect(sharedCalls(calls)).toEqual([{ sort: 'applied30', kind: 'macro', model: 'lite' }]);
    expect(screen.getByRole<HTMLSelectElement>('combobox', { name: 'Controller' }).value).toBe('lite');

    // "All models" chosen afterwards stays chosen: the address says so.
    fireEvent.change(screen.getByRole('combobox', { name: 'Controller' }), { target: { value: '' } });
    await waitFor(() => expect(location()).toBe('/configs?model=all&kind=macro'));
    await waitFor(() => expect(sharedCalls(calls).at(-1)).toEqual({ sort: 'applied30', kind: 'macro' }));
    fireEvent.change(screen.getByRole('combobox', { name: 'Order' }), { target: { value: 'liked' } });
    await waitFor(() => expect(location()).toBe('/configs?sort=liked&model=all&kind=macro'));
    await waitFor(() => expect(sharedCalls(calls).at(-1)).toEqual({ sort: 'liked', kind: 'macro' }));
    expect(screen.getByRole<HTMLSelectElement>('combobox', { name: 'Controller' }).value).toBe('');
  });

  it('keeps the model of its address, and any model when none is connected or the organisation lacks it', async () => {
    connect('lite');
    const first = answerHub();
    await renderPage(<HubPage />, { route: '/configs?model=pro-2' });
    await screen.findByRole('link', { name: /Rolling dodge/ });
    expect(sharedCalls(first)).toEqual([{ sort: 'applied30', model: 'pro-2' }]);

    // "All models" in a link (or back to it) stays all models, controller or not.
    cleanup();
    const all = answerHub();
    const opened = await renderPage(<HubPage />, { route: '/configs?model=all' });
    await screen.findByRole('link', { name: /Rolling dodge/ });
    expect(opened.location()).toBe('/configs?model=all');
    expect(sharedCalls(all)).toEqual([{ sort: 'applied30' }]);
    expect(screen.getByRole<HTMLSelectElement>('combobox', { name: 'Controller' }).value).toBe('');

    for (const model of [null, 'someone-elses-pad']) {
      cleanup();
      vi.restoreAllMocks();
      connect(model);
      const calls = answerHub();
      const { location } = await renderPage(<HubPage />, { route: '/configs' });
      await screen.findByRole('link', { name: /Rolling dodge/ });
      expect(location()).toBe('/configs');
      expect(sharedCalls(calls)).toEqual([{ sort: 'applied30' }]);
    }
  });
});

describe('HubPage between two filters', () => {
  it('keeps the last list on screen, dimmed and busy, while another kind’s loads, then shows the new one', async () => {
    let answer: (value: unknown) => void = () => undefined;
    answerApi({
      'GET /organisation': anOrganisation,
      'GET /configs/shared': (call: ApiCall) =>
        call.query.get('kind') === 'macro' ? new Promise((resolve) => (answer = resolve)) : { items: [item('any-1', 'Rolling dodge')], nextCursor: null },
    });
    await renderPage(<HubPage />, { route: '/configs?model=all' });
    await screen.findByRole('link', { name: /Rolling dodge/ });
    fireEvent.change(screen.getByRole('combobox', { name: 'Kind' }), { target: { value: 'macro' } });
    // The macro list is on its way: the last one stays, marked as the previous list and busy, with no skeleton.
    await waitFor(() => expect(screen.getByRole('list', { name: 'Configurations' }).getAttribute('aria-busy')).toBe('true'));
    expect(screen.getByRole('list', { name: 'Configurations' }).className).toContain('pull-list-previous');
    expect(screen.getByRole('link', { name: /Rolling dodge/ })).toBeTruthy();
    expect(screen.queryByRole('status', { name: 'Configurations' })).toBeNull();
    answer({ items: [item('macro-1', 'Combo on a paddle')], nextCursor: null });
    expect(await screen.findByRole('link', { name: /Combo on a paddle/ })).toBeTruthy();
    expect(screen.queryByRole('link', { name: /Rolling dodge/ })).toBeNull();
    expect(screen.getByRole('list', { name: 'Configurations' }).className).not.toContain('pull-list-previous');
  });

  it('loads each choice of a menu as the menu is opened, and typed words after a pause, before the choice is made', async () => {
    const calls = answerHub();
    // The app's: an answer stays fresh 30 s (app/query-client.ts).
    const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 30_000 } } });
    await renderPage(<HubPage />, { route: '/configs?model=all', client });
    await screen.findByRole('link', { name: /Rolling dodge/ });
    act(() => screen.getByRole('combobox', { name: 'Kind' }).focus());
    await waitFor(() => expect(sharedCalls(calls).map((q) => q.kind ?? 'any')).toEqual(['any', 'mapping', 'macro']));
    // Chosen: its list was loaded ahead, and shows without asking again.
    fireEvent.change(screen.getByRole('combobox', { name: 'Kind' }), { target: { value: 'macro' } });
    expect(await screen.findByRole('link', { name: /Rolling dodge/ })).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('list', { name: 'Configurations' }).className).not.toContain('pull-list-previous'));
    expect(sharedCalls(calls)).toHaveLength(3);
    // Words left a moment: their list loads before the search key.
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search by name, game or author' }), { target: { value: 'dodge' } });
    await waitFor(() => expect(sharedCalls(calls).at(-1)).toEqual({ sort: 'applied30', kind: 'macro', q: 'dodge' }));
  });
});
