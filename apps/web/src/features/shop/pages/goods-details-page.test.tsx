import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Goods, GoodsVariant, Organisation } from '@padhub/contracts';
import { answerApi, refusal, renderPage, signIn } from '@/test-utils.tsx';
import { GoodsDetailsPage } from './goods-details-page.tsx';

const organisation: Organisation = {
  id: 'padhub',
  name: 'Padhub',
  defaultLanguage: 'en',
  currency: 'USD',
  moderationMode: 'post',
  models: [{ id: 'pro-2', name: 'Padhub Pro 2' }],
  mediaBaseUrl: 'https://media.padhub.test/',
};
const variant = (id: string, name: string, over: Partial<GoodsVariant> = {}): GoodsVariant => ({
  id,
  name,
  price: 5999,
  oldPrice: null,
  stock: 'in_stock',
  storeUrl: `https://store.padhub.test/${id}`,
  pictures: [],
  ...over,
});
const goods: Goods = {
  id: '12',
  category: { id: '1', name: 'Controllers', lang: 'en' },
  model: 'pro-2',
  lang: 'en',
  name: 'Padhub Pro 2',
  description: '<p>Hall-effect sticks. <a href="https://padhub.test/manual">Manual</a></p>',
  specs: [
    { label: 'Weight', value: '245 g' },
    { label: 'Battery', value: '1200 mAh' },
  ],
  pictures: [{ path: 'goods/12/front.jpg', kind: 'image', preview: 'goods/12/front-1080.jpg' }],
  variants: [
    variant('21', 'Black', { stock: 'sold_out', storeUrl: null, price: 4999 }),
    variant('22', 'White', { oldPrice: 6999, pictures: [{ path: 'goods/12/white.jpg', kind: 'image' }] }),
    variant('23', 'Clear', { stock: 'coming_soon', storeUrl: null }),
  ],
  currency: 'USD',
};
const route = '/goods/details?id=12';
const open = vi.spyOn(window, 'open').mockReturnValue(null);

beforeEach(() => {
  signIn();
  open.mockClear();
});
afterEach(() => vi.unstubAllGlobals());

describe('GoodsDetailsPage', () => {
  it('opens on the first variant that can be bought, with its price, discount and stock', async () => {
    answerApi({ 'GET /organisation': organisation, 'GET /goods/12': goods });
    await renderPage(<GoodsDetailsPage />, { route });
    expect(await screen.findByRole('heading', { name: 'Padhub Pro 2' })).toBeTruthy();
    const versions = screen.getByRole('group', { name: 'Version' });
    expect((within(versions).getByRole<HTMLInputElement>('radio', { name: 'White' })).checked).toBe(true);
    // Variants that cannot be bought say why.
    expect(within(versions).getByRole('radio', { name: /Black/ }).closest('label')!.textContent).toBe('BlackSold out');
    expect(screen.getByText('$59.99')).toBeTruthy();
    expect(screen.getByText('Original price').parentElement!.textContent).toBe('Original price $69.99');
    expect(screen.getByRole('button', { name: 'Buy now' })).toBeTruthy();
  });

  it('buys in the store outside the app, through the host, and tells the insights of the tap', async () => {
    const calls = answerApi({ 'GET /organisation': organisation, 'GET /goods/12': goods, 'POST /goods/12/buy-taps': {} });
    await renderPage(<GoodsDetailsPage />, { route });
    fireEvent.click(await screen.findByRole('button', { name: 'Buy now' }));
    await waitFor(() => expect(open).toHaveBeenCalledWith('https://store.padhub.test/22', '_blank', 'noopener'));
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual(['/goods/12/buy-taps']);
  });

  it('opens the store for someone signed out without counting a tap', async () => {
    signIn(null);
    const calls = answerApi({ 'GET /organisation': organisation, 'GET /goods/12': goods });
    await renderPage(<GoodsDetailsPage />, { route });
    fireEvent.click(await screen.findByRole('button', { name: 'Buy now' }));
    await waitFor(() => expect(open).toHaveBeenCalledTimes(1));
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('follows the chosen variant: its price, its pictures first, and no buying what is sold out', async () => {
    answerApi({ 'GET /organisation': organisation, 'GET /goods/12': goods });
    await renderPage(<GoodsDetailsPage />, { route });
    const gallery = await screen.findByRole('region', { name: 'Pictures' });
    expect(within(gallery).getAllByRole('button').map((b) => b.getAttribute('aria-label'))).toEqual(['Picture 1 of 2', 'Picture 2 of 2']);
    // Read from the organisation's media address once it is known.
    await waitFor(() => expect(gallery.querySelector('img')!.getAttribute('src')).toBe('https://media.padhub.test/goods/12/white.jpg'));
    fireEvent.click(screen.getByRole('radio', { name: /Black/ }));
    expect(screen.getByText('$49.99')).toBeTruthy();
    const buy = screen.getByRole<HTMLButtonElement>('button', { name: 'Sold out' });
    expect(buy.disabled).toBe(true);
    // The goods' own picture, in its 1080 px rendition.
    const only = within(screen.getByRole('region', { name: 'Pictures' })).getByRole('button', { name: 'Picture 1 of 1' });
    expect(only.querySelector('img')!.getAttribute('src')).toBe('https://media.padhub.test/goods/12/front-1080.jpg');
  });

  it('shows the description, whose links leave the app, and the specifications as a table', async () => {
    answerApi({ 'GET /organisation': organisation, 'GET /goods/12': goods });
    await renderPage(<GoodsDetailsPage />, { route });
    const manual = await screen.findByRole('link', { name: 'Manual' });
    fireEvent.click(manual);
    await waitFor(() => expect(open).toHaveBeenCalledWith('https://padhub.test/manual', '_blank', 'noopener'));
    const table = screen.getByRole('table', { name: 'Specifications' });
    expect(within(table).getAllByRole('row').map((r) => r.textContent)).toEqual(['Weight245 g', 'Battery1200 mAh']);
    expect(within(table).getByRole('rowheader', { name: 'Weight' })).toBeTruthy();
  });

  it('leads to what the community says about the model', async () => {
    answerApi({ 'GET /organisation': organisation, 'GET /goods/12': goods });
    await renderPage(<GoodsDetailsPage />, { route });
    const links = await screen.findByRole('navigation', { name: 'From the community' });
    expect(await within(links).findByRole('link', { name: 'Posts about the Padhub Pro 2' })).toBeTruthy();
    expect(within(links).getByRole('link', { name: 'Posts about the Padhub Pro 2' }).getAttribute('href')).toBe('/community/index?model=pro-2');
    expect(within(links).getByRole('link', { name: 'Configurations for the Padhub Pro 2' }).getAttribute('href')).toBe('/community/index?model=pro-2&hasConfigs=true');
    expect(within(links).getByRole('link', { name: 'Most applied configurations for the Padhub Pro 2' }).getAttribute('href')).toBe('/configs?model=pro-2');
  });

  it('says when the goods is shown in another language than the person reads', async () => {
    answerApi({ 'GET /organisation': organisation, 'GET /goods/12': { ...goods, lang: 'cn' } });
    await renderPage(<GoodsDetailsPage />, { route });
    expect(await screen.findByText(/^Not yet translated: shown in /)).toBeTruthy();
  });

  it('says a goods that does not exist is not found, and offers a reload after a failure', async () => {
    answerApi({ 'GET /organisation': organisation, 'GET /goods/12': refusal('not_found'), 'GET /goods/13': refusal('internal') });
    const { unmount } = await renderPage(<GoodsDetailsPage />, { route });
    expect(await screen.findByText('This does not exist or has been deleted.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Buy now' })).toBeNull();
    unmount();
    await renderPage(<GoodsDetailsPage />, { route: '/goods/details?id=13' });
    expect(await screen.findByRole('button', { name: 'Request failed, click to reload' })).toBeTruthy();
  });
});
