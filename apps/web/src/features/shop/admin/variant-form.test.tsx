import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminVariant, Organisation } from '@padhub/contracts';
import { answerApi, renderPage, signIn, someone, anOrganisation } from '@/test-utils.tsx';
import { VariantForm } from './variant-form.tsx';

const organisation: Organisation = { ...anOrganisation, currency: 'USD', models: [] };
const black: AdminVariant = {
  id: '31',
  names: { en: 'Black', cn: '黑色' },
  price: 5999,
  oldPrice: 6999,
  stock: 'sold_out',
  storeUrl: 'https://store.padhub.test/pro-2-black',
  pictures: [],
  published: true,
  position: 1,
};
const field = (name: RegExp | string) => screen.getByRole<HTMLInputElement>('textbox', { name });

beforeEach(() => signIn({ ...someone, role: 'admin' }));
afterEach(() => vi.unstubAllGlobals());

describe('VariantForm', () => {
  it('shows a saved variant’s prices in the currency’s major unit, and its stock', async () => {
    answerApi({ 'GET /organisation': organisation });
    await renderPage(<VariantForm goodsId="5" org={organisation} variant={black} />);
    expect(screen.getByRole('form', { name: 'Black' })).toBeTruthy();
    expect(field('Price (USD)').value).toBe('59.99');
    expect(field('Price before the discount (optional) (USD)').value).toBe('69.99');
    expect((screen.getByRole<HTMLSelectElement>('combobox', { name: 'Stock' })).value).toBe('sold_out');
    expect(field('English (required)').required).toBe(true);
    expect(field('Chinese').required).toBe(false);
  });

  it('marks a price that is not an amount, and sends nothing while it is wrong', async () => {
    const calls = answerApi({ 'GET /organisation': organisation });
    await renderPage(<VariantForm goodsId="5" org={organisation} />);
    expect(screen.getByRole('form', { name: 'New variant' })).toBeTruthy();
    fireEvent.change(field('English (required)'), { target: { value: 'White' } });
    fireEvent.change(field('Price (USD)'), { target: { value: '59.999' } });
    expect(field('Price (USD)').getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(field('Price before the discount (optional) (USD)'), { target: { value: 'cheap' } });
    expect(field('Price before the discount (optional) (USD)').getAttribute('aria-invalid')).toBe('true');
    await act(async () => fireEvent.submit(screen.getByRole('form', { name: 'White' })));
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([]);
  });

  it('creates a variant with its price in minor units and only the names given, then closes', async () => {
    const onDone = vi.fn();
    const calls = answerApi({ 'GET /organisation': organisation, 'POST /admin/goods/5/variants': {} });
    await renderPage(<VariantForm goodsId="5" org={organisation} onDone={onDone} />);
    fireEvent.change(field('English (required)'), { target: { value: ' White ' } });
    fireEvent.change(field('Price (USD)'), { target: { value: '59,9' } });
    expect(field('Price (USD)').getAttribute('aria-invalid')).toBe('false');
    fireEvent.change(field('Store link (https)'), { target: { value: 'https://store.padhub.test/white ' } });
    await act(async () => fireEvent.submit(screen.getByRole('form', { name: 'White' })));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      names: { en: 'White' },
      price: 5990,
      oldPrice: null,
      stock: 'in_stock',
      storeUrl: 'https://store.padhub.test/white',
      published: true,
      pictures: [],
    });
  });

  it('deletes a variant only after the admin confirms', async () => {
    const calls = answerApi({ 'GET /organisation': organisation, 'DELETE /admin/goods-variants/31': {} });
    await renderPage(<VariantForm goodsId="5" org={organisation} variant={black} />);
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Delete “Black”?')).toBeTruthy();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    const confirm = (await screen.findAllByRole('button', { name: 'Delete' })).at(-1)!;
    await act(async () => fireEvent.click(confirm));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE' && c.path === '/admin/goods-variants/31')).toBe(true));
  });
});
