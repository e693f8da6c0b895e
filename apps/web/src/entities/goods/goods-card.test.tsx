import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { GoodsCard as Card } from '@padhub/contracts';
import { anOrganisation, answerApi, renderPage } from '@/test-utils.tsx';
import { GoodsCard } from './goods-card.tsx';
import { Price } from './price.tsx';
import { StockLabel } from './stock-label.tsx';

const goods: Card = {
  id: 'g1',
  categoryId: 'pads',
  model: 'elite-x',
  name: 'Padhub Elite X',
  lang: 'en',
  picture: { path: 'goods/g1.jpg', kind: 'image', thumb: 'goods/g1.thumb.jpg', width: 300, height: 300 },
  price: 59900,
  priceVaries: false,
  oldPrice: null,
  currency: 'CNY',
  stock: 'in_stock',
};

afterEach(() => vi.unstubAllGlobals());

describe('GoodsCard', () => {
  it('opens the goods and shows its name in its language, price, stock and small picture', async () => {
    answerApi({ 'GET /organisation': anOrganisation });
    const { container } = await renderPage(<GoodsCard goods={goods} />);
    expect(screen.getByRole('link').getAttribute('href')).toBe('/goods/details?id=g1');
    expect(screen.getByText('Padhub Elite X').getAttribute('lang')).toBe('en');
    expect(screen.getByText('CN¥599.00')).toBeTruthy();
    expect(screen.getByText('In stock')).toBeTruthy();
    await waitFor(() => expect(container.querySelector('img')?.getAttribute('src')).toBe('https://media.padhub.test/goods/g1.thumb.jpg'));
    // The name beside it says what it is.
    expect(container.querySelector('img')?.getAttribute('alt')).toBe('');
  });

  it('keeps its place without a picture', async () => {
    answerApi({});
    const { container } = await renderPage(<GoodsCard goods={{ ...goods, picture: null, stock: 'coming_soon' }} />);
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByText('Coming soon')).toBeTruthy();
  });
});

describe('Price', () => {
  it('writes the amount with the currency’s own decimals', async () => {
    await renderPage(<Price price={12000} oldPrice={null} currency="KRW" />);
    expect(screen.getByText('₩12,000')).toBeTruthy();
  });

  it('says “from” when the variants cost different amounts', async () => {
    await renderPage(<Price price={19900} oldPrice={null} currency="CNY" from />);
    expect(screen.getByText('From CN¥199.00')).toBeTruthy();
  });

  it('crosses out the price before a discount, named for screen readers', async () => {
    const { container } = await renderPage(<Price price={19900} oldPrice={29900} currency="CNY" />);
    expect(container.querySelector('s')?.textContent).toBe('Original price CN¥299.00');
  });

  it('shows no old price that is not higher', async () => {
    const { container } = await renderPage(<Price price={19900} oldPrice={19900} currency="CNY" />);
    expect(container.querySelector('s')).toBeNull();
  });
});

describe('StockLabel', () => {
  it('says when goods are sold out', async () => {
    await renderPage(<StockLabel stock="sold_out" />);
    expect(screen.getByText('Sold out').className).toContain('stock-sold_out');
  });
});
