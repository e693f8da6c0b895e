import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { GoodsCard } from '@padhub/contracts';
import { type ApiCall, anOrganisation, answerApi, renderPage, signIn } from '@/test-utils.tsx';
import { MallPage } from './mall-page.tsx';

const card = (id: string, categoryId: string, name: string): GoodsCard => ({
  id,
  categoryId,
  model: null,
  name,
  lang: 'en',
  picture: null,
  price: 1999,
  priceVaries: false,
  oldPrice: null,
  currency: 'USD',
  stock: 'in_stock',
});
const categories = {
  items: [
    { id: '1', name: 'Controllers', lang: 'en' },
    { id: '2', name: 'Parts', lang: 'en' },
  ],
};
const all = [card('11', '1', 'Padhub Pro 2'), card('12', '1', 'Padhub Lite'), card('21', '2', 'Thumb grips')];
const goodsOf = (call: ApiCall) => {
  const category = call.query.get('category');
  return { items: category ? all.filter((g) => g.categoryId === category) : all, nextCursor: null };
};

afterEach(() => vi.unstubAllGlobals());

describe('MallPage', () => {
  it('loads the first goods picture at once and first, the others when near', async () => {
    const picture = (name: string) => ({ path: `g/${name}.jpg`, kind: 'image' as const, thumb: `g/${name}.w480.webp` });
    const items = [card('11', '1', 'No picture'), { ...card('12', '1', 'Lite'), picture: picture('lite') }, { ...card('13', '1', 'Pro'), picture: picture('pro') }];
    answerApi({ 'GET /organisation': anOrganisation, 'GET /goods/categories': categories, 'GET /goods': { items, nextCursor: null } });
    const { container } = await renderPage(<MallPage />, { route: '/shoopping' });
    await waitFor(() => expect(container.querySelector('.goods-card img')?.getAttribute('src')).toBeTruthy());
    expect(container.querySelectorAll('.goods-card img')).toHaveLength(2);
    const [lead, later] = container.querySelectorAll('.goods-card img');
    expect([lead?.getAttribute('src'), lead?.getAttribute('loading'), lead?.getAttribute('fetchpriority')]).toEqual(['https://media.padhub.test/g/lite.w480.webp', 'eager', 'high']);
    expect([later?.getAttribute('loading'), later?.getAttribute('fetchpriority')]).toEqual(['lazy', null]);
  });

  it('shows every category under its heading, All chosen', async () => {
    signIn();
    answerApi({ 'GET /goods/categories': categories, 'GET /goods': goodsOf });
    await renderPage(<MallPage />, { route: '/shoopping' });
    const bar = screen.getByRole('group', { name: 'Categories' });
    expect(await within(bar).findByRole('button', { name: 'Parts' })).toBeTruthy();
    expect(within(bar).getAllByRole('button').map((b) => [b.textContent, b.getAttribute('aria-pressed')])).toEqual([
      ['All', 'true'],
      ['Controllers', 'false'],
      ['Parts', 'false'],
    ]);
    const list = await screen.findByRole('list', { name: 'Mall' });
    expect(within(list).getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['Controllers', 'Parts']);
    expect(within(list).getByRole('link', { name: /Thumb grips/ }).getAttribute('href')).toBe('/goods/details?id=21');
  });

  it('narrows the list to the chosen category, without headings', async () => {
    signIn();
    const calls = answerApi({ 'GET /goods/categories': categories, 'GET /goods': goodsOf });
    await renderPage(<MallPage />, { route: '/shoopping' });
    fireEvent.click(await screen.findByRole('button', { name: 'Parts' }));
    expect(screen.getByRole('button', { name: 'Parts' }).getAttribute('aria-pressed')).toBe('true');
    const list = await screen.findByRole('list', { name: 'Parts' });
    expect(within(list).getAllByRole('link').map((l) => l.textContent)).toEqual([expect.stringContaining('Thumb grips')]);
    expect(within(list).queryByRole('heading')).toBeNull();
    await waitFor(() => expect(calls.filter((c) => c.path === '/goods').map((c) => c.query.get('category'))).toEqual([null, '2']));
  });
});
