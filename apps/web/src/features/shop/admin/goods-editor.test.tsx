import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminCategory, AdminGoods, AdminVariant, Organisation } from '@padhub/contracts';
import { answerApi, refusal, renderPage, signIn, someone, anOrganisation } from '@/test-utils.tsx';
import { GoodsEditor } from './goods-editor.tsx';

const organisation: Organisation = { ...anOrganisation, currency: 'USD', models: [{ id: 'pro-2', name: 'Padhub Pro 2' }] };
const category = (id: string, en: string): AdminCategory => ({ id, names: { en }, published: true, position: Number(id), goodsCount: 1 });
const categories = { items: [category('1', 'Controllers'), category('2', 'Parts')] };
const variant = (id: string, en: string, position: number): AdminVariant => ({
  id,
  names: { en },
  price: 5999,
  oldPrice: null,
  stock: 'in_stock',
  storeUrl: 'https://store.padhub.test/pro-2',
  pictures: [],
  published: true,
  position,
});
const goods: AdminGoods = {
  id: '5',
  categoryId: '1',
  model: 'pro-2',
  texts: { en: { name: 'Padhub Pro 2', description: '', specs: [] } },
  pictures: [],
  variants: [variant('31', 'Black', 1), variant('32', 'White', 2)],
  published: true,
  position: 1,
  visible: false,
  updatedAt: '2025-01-02T03:04:05.000Z',
};
const admin = () => signIn({ ...someone, role: 'admin' });
const routes = { 'GET /organisation': organisation, 'GET /admin/goods-categories': categories };

afterEach(() => vi.unstubAllGlobals());

describe('GoodsEditor', () => {
  it('tells a moderator that the shop is for admins', async () => {
    signIn({ ...someone, role: 'moderator' });
    const calls = answerApi(routes);
    await renderPage(<GoodsEditor />, { route: '/console/goods/edit?category=1' });
    expect(screen.getByText('Only admins can manage the shop.')).toBeTruthy();
    expect(calls.filter((c) => c.path.startsWith('/admin'))).toEqual([]);
  });

  it('creates a goods in the category it was opened for, with the texts that have a name, then edits it', async () => {
    admin();
    const calls = answerApi({ ...routes, 'POST /admin/goods': { ...goods, id: '6', variants: [] } });
    const { location } = await renderPage(<GoodsEditor />, { route: '/console/goods/edit?category=2' });
    expect(await screen.findByRole('heading', { name: 'New goods' })).toBeTruthy();
    expect(screen.getByText('Save the goods first, then add its variants.')).toBeTruthy();
    expect((screen.getByRole<HTMLSelectElement>('combobox', { name: 'Category' })).value).toBe('2');
    const languages = within(screen.getByRole('button', { name: 'English (required)' }).closest('[role="group"]') as HTMLElement).getAllByRole('button');
    expect(languages.map((b) => b.textContent)).toEqual(['Chinese', 'English (required)', 'Japanese', 'Korean']);
    expect(languages[1]!.getAttribute('aria-pressed')).toBe('true');
    fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), { target: { value: 'Thumb grips' } });
    expect(languages[1]!.textContent).toBe('English (required) ✓');
    fireEvent.click(screen.getByRole('button', { name: 'Add a row' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Label' }), { target: { value: 'Material' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Value' }), { target: { value: 'Silicone' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Published' }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save' })));
    await waitFor(() => expect(location()).toBe('/console/goods/edit?id=6'));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      categoryId: '2',
      model: null,
      published: true,
      texts: { en: { name: 'Thumb grips', description: '', specs: [{ label: 'Material', value: 'Silicone' }] } },
      pictures: [],
    });
    expect(await screen.findByText('Saved')).toBeTruthy();
  });

  it('names the fields the server refused', async () => {
    admin();
    answerApi({ ...routes, 'POST /admin/goods': refusal('validation_failed', { issues: [{ path: 'texts.en.name', message: 'Too long' }] }) });
    await renderPage(<GoodsEditor />, { route: '/console/goods/edit?category=1' });
    fireEvent.change(await screen.findByRole('textbox', { name: 'Name' }), { target: { value: 'Grips' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save' })));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Some of what you entered is not valid.');
    expect(within(alert).getByRole('listitem').textContent).toBe('texts.en.name Too long');
  });

  it('edits a saved goods: its name as title, why users cannot see it, and its variants in order', async () => {
    admin();
    const calls = answerApi({ ...routes, 'GET /admin/goods/5': goods, 'PUT /admin/goods/5/variants/order': goods, 'PATCH /admin/goods/5': goods });
    await renderPage(<GoodsEditor />, { route: '/console/goods/edit?id=5' });
    expect(await screen.findByRole('heading', { name: 'Padhub Pro 2' })).toBeTruthy();
    expect(screen.getByText(/Users cannot see it yet/)).toBeTruthy();
    expect((screen.getByRole<HTMLSelectElement>('combobox', { name: 'Controller model' })).value).toBe('pro-2');
    const variants = screen.getByRole('region', { name: 'Variants' });
    expect([...variants.querySelectorAll('summary')].map((s) => s.textContent)).toEqual(['Black · Published · In stock', 'White · Published · In stock']);
    // The first can only go down, the last only up.
    expect(within(variants).queryByRole('button', { name: 'Move up: Black' })).toBeNull();
    await act(async () => fireEvent.click(within(variants).getByRole('button', { name: 'Move down: Black' })));
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ ids: ['32', '31'] }));

    await act(async () => fireEvent.click(screen.getAllByRole('button', { name: 'Save' })[0]!));
    await waitFor(() => expect(calls.find((c) => c.method === 'PATCH')?.body).toMatchObject({ categoryId: '1', model: 'pro-2', published: true }));
  });
});
