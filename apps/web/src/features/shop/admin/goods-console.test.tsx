import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminCategory, AdminGoodsSummary, Organisation } from '@padhub/contracts';
import { type ApiCall, answerApi, renderPage, signIn, someone, anOrganisation } from '@/test-utils.tsx';
import { GoodsConsole } from './goods-console.tsx';

const organisation: Organisation = { ...anOrganisation, currency: 'USD', models: [] };
const category = (id: string, en: string, over: Partial<AdminCategory> = {}): AdminCategory => ({ id, names: { en }, published: true, position: Number(id), goodsCount: 2, ...over });
const categories = { items: [category('1', 'Controllers'), category('2', 'Parts', { published: false, goodsCount: 0 }), category('3', 'Cases')] };
const summary = (id: string, name: string, over: Partial<AdminGoodsSummary> = {}): AdminGoodsSummary => ({
  id,
  name,
  picture: null,
  published: true,
  visible: true,
  variantCount: 2,
  position: Number(id),
  ...over,
});
const goodsOf = (call: ApiCall) =>
  call.query.get('category') === '1'
    ? { items: [summary('11', 'Padhub Pro 2'), summary('12', 'Padhub Lite', { visible: false }), summary('13', 'Padhub Mini', { published: false })], nextCursor: null }
    : { items: [], nextCursor: null };
const routes = { 'GET /organisation': organisation, 'GET /admin/goods-categories': categories, 'GET /admin/goods': goodsOf };
const sent = (calls: ApiCall[]) => calls.filter((c) => c.method !== 'GET').map((c) => [c.method, c.path, c.body]);

beforeEach(() => signIn({ ...someone, role: 'admin' }));
afterEach(() => vi.unstubAllGlobals());

describe('the shop console', () => {
  it('lists the categories with their goods counts, the first chosen, and its goods', async () => {
    answerApi(routes);
    await renderPage(<GoodsConsole />, { route: '/console/goods' });
    const first = await screen.findByRole('button', { name: 'Controllers (2)' });
    expect(first.getAttribute('aria-pressed')).toBe('true');
    expect(first.closest('li')!.textContent).toContain('Published');
    expect(screen.getByRole('button', { name: 'Parts (0)' }).closest('li')!.textContent).toContain('Not published');
    const goods = await screen.findByRole('list', { name: 'Goods' });
    const lite = within(goods).getByText('Padhub Lite').closest('li')!;
    expect(lite.textContent).toContain('Published · 2 variants');
    // Published yet unseen: the admin learns why.
    expect(lite.textContent).toContain('Users cannot see it yet');
    expect(within(goods).getByText('Padhub Mini').closest('li')!.textContent).not.toContain('Users cannot see it yet');
    expect(within(lite).getByRole('link', { name: 'Edit' }).getAttribute('href')).toBe('/console/goods/edit?id=12');
    expect(screen.getByRole('link', { name: 'New goods' }).getAttribute('href')).toBe('/console/goods/edit?category=1');
  });

  it('moves a goods past the neighbour shown, publishes and unpublishes', async () => {
    const calls = answerApi({ ...routes, 'PUT /admin/goods/12/position': null, 'PATCH /admin/goods/11': {}, 'PATCH /admin/goods/13': {} });
    await renderPage(<GoodsConsole />, { route: '/console/goods' });
    const goods = await screen.findByRole('list', { name: 'Goods' });
    expect(within(goods).queryByRole('button', { name: 'Move up: Padhub Pro 2' })).toBeNull();
    expect(within(goods).queryByRole('button', { name: 'Move down: Padhub Mini' })).toBeNull();
    const item = (name: string) => within(within(goods).getByText(name).closest('li')!);
    await act(async () => fireEvent.click(item('Padhub Lite').getByRole('button', { name: 'Move up: Padhub Lite' })));
    await act(async () => fireEvent.click(item('Padhub Pro 2').getByRole('button', { name: 'Unpublish' })));
    await act(async () => fireEvent.click(item('Padhub Mini').getByRole('button', { name: 'Publish' })));
    await waitFor(() =>
      expect(sent(calls)).toEqual([
        ['PUT', '/admin/goods/12/position', { before: '11' }],
        ['PATCH', '/admin/goods/11', { published: false }],
        ['PATCH', '/admin/goods/13', { published: true }],
      ]),
    );
  });

  it('shows another category’s goods when chosen, and says when it has none', async () => {
    answerApi(routes);
    await renderPage(<GoodsConsole />, { route: '/console/goods' });
    fireEvent.click(await screen.findByRole('button', { name: 'Parts (0)' }));
    expect(screen.getByRole('button', { name: 'Parts (0)' }).getAttribute('aria-pressed')).toBe('true');
    expect(await screen.findByText('No goods in this category yet.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'New goods' }).getAttribute('href')).toBe('/console/goods/edit?category=2');
  });

  it('reorders, publishes and deletes categories; only an empty one can be deleted', async () => {
    const calls = answerApi({ ...routes, 'PUT /admin/goods-categories/order': null, 'PATCH /admin/goods-categories/2': {}, 'DELETE /admin/goods-categories/2': null });
    await renderPage(<GoodsConsole />, { route: '/console/goods' });
    const parts = (await screen.findByRole('button', { name: 'Parts (0)' })).closest('li')!;
    expect(within(screen.getByRole('button', { name: 'Controllers (2)' }).closest('li')!).queryByRole('button', { name: 'Delete' })).toBeNull();
    await act(async () => fireEvent.click(within(parts).getByRole('button', { name: 'Move down: Parts' })));
    await act(async () => fireEvent.click(within(parts).getByRole('button', { name: 'Publish' })));
    fireEvent.click(within(parts).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Delete “Parts”?')).toBeTruthy();
    const confirm = (await screen.findAllByRole('button', { name: 'Delete' })).at(-1)!;
    await act(async () => fireEvent.click(confirm));
    await waitFor(() =>
      expect(sent(calls)).toEqual([
        ['PUT', '/admin/goods-categories/order', { ids: ['1', '3', '2'] }],
        ['PATCH', '/admin/goods-categories/2', { published: true }],
        ['DELETE', '/admin/goods-categories/2', undefined],
      ]),
    );
  });

  it('renames a category and makes a new one from the names given', async () => {
    const calls = answerApi({ ...routes, 'PATCH /admin/goods-categories/3': {}, 'POST /admin/goods-categories': {} });
    await renderPage(<GoodsConsole />, { route: '/console/goods' });
    const cases = (await screen.findByRole('button', { name: 'Cases (2)' })).closest('li')!;
    const edit = within(cases).getByRole('button', { name: 'Edit' });
    fireEvent.click(edit);
    expect(edit.getAttribute('aria-pressed')).toBe('true');
    fireEvent.change(within(cases).getByRole('textbox', { name: 'Japanese' }), { target: { value: 'ケース' } });
    await act(async () => fireEvent.click(within(cases).getByRole('button', { name: 'Save' })));
    // Saved: the form closes.
    await waitFor(() => expect(within(cases).queryByRole('textbox')).toBeNull());

    const creating = screen.getByText('New category').closest('details')!;
    fireEvent.change(within(creating).getByRole('textbox', { name: 'English (required)' }), { target: { value: ' Cables ' } });
    await act(async () => fireEvent.click(within(creating).getByRole('button', { name: 'Save' })));
    await waitFor(() => expect((within(creating).getByRole<HTMLInputElement>('textbox', { name: 'English (required)' })).value).toBe(''));
    expect(sent(calls)).toEqual([
      ['PATCH', '/admin/goods-categories/3', { names: { en: 'Cases', jp: 'ケース' } }],
      ['POST', '/admin/goods-categories', { names: { en: 'Cables' } }],
    ]);
  });
});
