import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { Goods, GoodsCard, GoodsCategory } from '@padhub/contracts';
import { buildTestApp, data, ORG, OTHER_ORG } from '#server-test/helper.ts';

// SEED on: the demo data of an embedded start, the shop included.
const app = await buildTestApp({ SEED: '1' });
const read = (url: string, lang: string, org = ORG) => app.inject({ method: 'GET', url, headers: { accorgid: org, 'accept-language': lang } });

async function everyCard(lang: string, org = ORG): Promise<GoodsCard[]> {
  const cards: GoodsCard[] = [];
  let cursor: string | null = null;
  do {
    const page: { items: GoodsCard[]; nextCursor: string | null } = data(await read(`/api/goods?limit=7${cursor ? `&cursor=${cursor}` : ''}`, lang, org));
    cards.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor);
  return cards;
}

describe('shop seed', () => {
  it('fills the padhub Mall with about twenty goods in three categories, in all four languages', async () => {
    const categories: GoodsCategory[] = data(await read('/api/goods/categories', 'en')).items;
    expect(categories.map((c) => c.name)).toEqual(['Controllers', 'Accessories', 'Parts']);
    const english = await everyCard('en');
    expect(english.length).toBeGreaterThanOrEqual(18);
    expect(new Set(english.map((g) => g.categoryId)).size).toBe(3);
    for (const lang of ['cn', 'jp', 'ko'] as const) {
      const cards = await everyCard(lang);
      expect(cards.map((g) => g.id)).toEqual(english.map((g) => g.id));
      expect(cards.filter((g) => g.lang === lang).length).toBeGreaterThanOrEqual(english.length - 1);
    }
  });

  it('leaves one goods untranslated into Korean, which falls back to the default language (Chinese)', async () => {
    const korean = await everyCard('ko');
    const fallback = korean.filter((g) => g.lang !== 'ko');
    expect(fallback).toHaveLength(1);
    expect(fallback[0]).toMatchObject({ lang: 'cn', name: '手机支架夹' });
    const details: Goods = data(await read(`/api/goods/${fallback[0]!.id}`, 'ko'));
    expect(details).toMatchObject({ lang: 'cn', name: '手机支架夹' });
    expect(details.description).toContain('<p>');
  });

  it('has a controller for each model, variants with different prices and pictures, discounts, sold-out and coming-soon variants', async () => {
    const cards = await everyCard('en');
    expect(cards.filter((g) => g.model).map((g) => g.model).sort()).toEqual(['arcade', 'elite-x', 'lite', 'pro-2']);
    const all: Goods[] = await Promise.all(cards.map(async (g) => data(await read(`/api/goods/${g.id}`, 'en'))));
    const variants = all.flatMap((g) => g.variants);
    expect(variants.some((v) => v.oldPrice !== null && v.oldPrice > v.price)).toBe(true);
    expect(variants.filter((v) => v.stock === 'sold_out').length).toBeGreaterThanOrEqual(2);
    expect(variants.filter((v) => v.stock === 'coming_soon').length).toBeGreaterThanOrEqual(2);
    const pro = all.find((g) => g.model === 'pro-2')!;
    expect(new Set(pro.variants.map((v) => v.price)).size).toBeGreaterThan(1);
    expect(new Set(pro.variants.map((v) => v.pictures[0]?.path)).size).toBe(pro.variants.length);
    expect(pro.variants.find((v) => v.stock === 'in_stock')!.storeUrl).toMatch(/^https:\/\/shop\.padhub\.example\/padhub\/pro-2\//);
    expect(cards.every((g) => g.picture !== null && g.currency === 'CNY')).toBe(true);
  });

  it('stores real pictures under the shop prefix with their 480 and 1080 px WebP renditions', async () => {
    const pro: Goods = data(await read(`/api/goods/${(await everyCard('en')).find((g) => g.model === 'pro-2')!.id}`, 'en'));
    const picture = pro.variants[0]!.pictures[0]!;
    expect(picture.path).toMatch(/^shop\/padhub\/.+\.jpg$/);
    for (const [key, width] of [[picture.path, 640], [picture.thumb!, 480], [picture.preview!, 640]] as const) {
      const object = await app.storage.store.get(key);
      expect((await sharp(Buffer.concat(await object!.body.toArray())).metadata()).width, key).toBe(width);
    }
  });

  it('keeps an unpublished draft for the admins only', async () => {
    const [row] = await app.db.query<{ id: string }>(`select id from goods where org_id = $1 and not published`, [ORG]);
    expect(row).toBeDefined();
    expect((await read(`/api/goods/${row!.id}`, 'en')).statusCode).toBe(404);
  });

  it('gives the other organisation its own small shop in dollars', async () => {
    const theirs = await everyCard('en', OTHER_ORG);
    expect(theirs.length).toBeGreaterThanOrEqual(2);
    expect(theirs.every((g) => g.currency === 'USD')).toBe(true);
    const ours = new Set((await everyCard('en')).map((g) => g.id));
    expect(theirs.some((g) => ours.has(g.id))).toBe(false);
  });
});
