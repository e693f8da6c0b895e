import { describe, expect, it } from 'vitest';
import type { AdminGoodsSummary, Page } from '@padhub/contracts';
import { buildTestApp, data, OTHER_ORG } from '#server-test/helper.ts';
import { expectError } from '#server/modules/safety/test-fixtures.ts';
import { ShopAdminRepo } from './admin-repo.ts';
import { asActor, createCategory, createGoods, personWithRole } from './test-fixtures.ts';

const app = await buildTestApp();
const admin = await personWithRole(app, 'admin');
const otherAdmin = await personWithRole(app, 'admin', OTHER_ORG);

/** Goods written straight to the database (pages need many; the audit of adding them is tested elsewhere). */
async function goodsIn(categoryId: string, count: number): Promise<string[]> {
  const repo = new ShopAdminRepo(app.db);
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const id = await repo.insertGoods('padhub', { categoryId, model: null, pictures: [], published: i % 2 === 0 });
    await repo.replaceTexts(id, { cn: { name: `第 ${i} 件`, description: '', specs: [] } });
    ids.push(id);
  }
  return ids;
}

const page = async (categoryId: string, cursor: string | null, limit: number) =>
  data<Page<AdminGoodsSummary>>(await asActor(app, admin, 'GET', `/api/admin/goods?category=${categoryId}&limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`));

/** Every page of a category, following the cursors; `between` runs after each page. */
async function walk(categoryId: string, limit: number, between: (pageIndex: number) => Promise<void> = async () => {}) {
  const pages: string[][] = [];
  let cursor: string | null = null;
  do {
    const next: Page<AdminGoodsSummary> = await page(categoryId, cursor, limit);
    pages.push(next.items.map((g) => g.id));
    cursor = next.nextCursor;
    await between(pages.length - 1);
  } while (cursor && pages.length < 100);
  return pages;
}

const order = async (categoryId: string) => (await walk(categoryId, 50)).flat();

describe('the console\'s goods list', () => {
  it('pages a category in order, published or not, without gaps or repeats, and says where it ends', async () => {
    const category = await createCategory(app, admin);
    const ids = await goodsIn(category.id, 7);
    const pages = await walk(category.id, 3);
    expect(pages).toEqual([ids.slice(0, 3), ids.slice(3, 6), ids.slice(6)]);
    // A page that ends exactly at the end has no next one.
    expect((await page(category.id, null, 7)).nextCursor).toBeNull();
    expect((await page(category.id, null, 6)).nextCursor).not.toBeNull();
    // Without a limit: the default page size (20).
    expect(data<Page<AdminGoodsSummary>>(await asActor(app, admin, 'GET', `/api/admin/goods?category=${category.id}`)).items).toHaveLength(7);
    expect(await order(category.id)).toEqual(ids);
  });

  it('neither repeats nor skips goods added or deleted while the admin scrolls', async () => {
    const category = await createCategory(app, admin);
    const ids = await goodsIn(category.id, 6);
    let added: string[] = [];
    const pages = await walk(category.id, 2, async (index) => {
      if (index !== 0) return;
      // One already shown goes; new ones arrive at the end.
      data(await asActor(app, admin, 'DELETE', `/api/admin/goods/${ids[1]}`));
      added = await goodsIn(category.id, 2);
    });
    const seen = pages.flat();
    expect(seen).toEqual([...ids, ...added]);
    expect(new Set(seen).size).toBe(seen.length);
  });

  it('keeps each cursor to its category and refuses one it did not make', async () => {
    const [a, b] = [await createCategory(app, admin), await createCategory(app, admin)];
    await goodsIn(a.id, 3);
    await goodsIn(b.id, 3);
    const cursor = (await page(a.id, null, 1)).nextCursor!;
    expectError(await asActor(app, admin, 'GET', `/api/admin/goods?category=${b.id}&cursor=${cursor}`), 'validation_failed');
    expectError(await asActor(app, admin, 'GET', `/api/admin/goods?category=${a.id}&cursor=not-a-cursor`), 'validation_failed');
    // A Mall cursor, which has the same kind of key, is not the console's.
    const mall = Buffer.from(JSON.stringify(['goods', 0, a.id, 0, '1'])).toString('base64url');
    expectError(await asActor(app, admin, 'GET', `/api/admin/goods?category=${a.id}&cursor=${mall}`), 'validation_failed');
    expectError(await asActor(app, admin, 'GET', `/api/admin/goods?category=${a.id}&limit=51`), 'validation_failed');
    expectError(await asActor(app, admin, 'GET', `/api/admin/goods?category=${a.id}&limit=0`), 'validation_failed');
    // Another organisation's admin finds no such category.
    expectError(await asActor(app, otherAdmin, 'GET', `/api/admin/goods?category=${a.id}`), 'not_found');
  });
});

describe('placing a goods before or after another', () => {
  it('moves it there and nothing else, where the console has loaded only a page of the list', async () => {
    const category = await createCategory(app, admin);
    const [g0, g1, g2, g3, g4] = await goodsIn(category.id, 5);
    data(await asActor(app, admin, 'PUT', `/api/admin/goods/${g4}/position`, { before: g0 }));
    expect(await order(category.id)).toEqual([g4, g0, g1, g2, g3]);
    data(await asActor(app, admin, 'PUT', `/api/admin/goods/${g4}/position`, { after: g1 }));
    expect(await order(category.id)).toEqual([g0, g1, g4, g2, g3]);
    data(await asActor(app, admin, 'PUT', `/api/admin/goods/${g0}/position`, { after: g3 }));
    expect(await order(category.id)).toEqual([g1, g4, g2, g3, g0]);
  });

  it('stays exact where positions were left tied', async () => {
    const category = await createCategory(app, admin);
    const [g0, g1, g2, g3] = await goodsIn(category.id, 4);
    await app.db.query('update goods set position = 7 where category_id = $1', [category.id]);
    // Tied, the order is by id: g0 g1 g2 g3.
    data(await asActor(app, admin, 'PUT', `/api/admin/goods/${g3}/position`, { before: g1 }));
    expect(await order(category.id)).toEqual([g0, g3, g1, g2]);
    data(await asActor(app, admin, 'PUT', `/api/admin/goods/${g0}/position`, { after: g1 }));
    expect(await order(category.id)).toEqual([g3, g1, g0, g2]);
  });

  it('is refused when the other goods is in another category or organisation, or is the same one', async () => {
    const [a, b] = [await createCategory(app, admin), await createCategory(app, admin)];
    const [inA] = await goodsIn(a.id, 1);
    const [inB] = await goodsIn(b.id, 1);
    expectError(await asActor(app, admin, 'PUT', `/api/admin/goods/${inA}/position`, { before: inB }), 'conflict');
    expectError(await asActor(app, admin, 'PUT', `/api/admin/goods/${inA}/position`, { after: inA }), 'conflict');
    expectError(await asActor(app, admin, 'PUT', `/api/admin/goods/${inA}/position`, { before: '999999999' }), 'conflict');
    expectError(await asActor(app, admin, 'PUT', '/api/admin/goods/999999999/position', { before: inA }), 'not_found');
    const theirs = await createGoods(app, otherAdmin, (await createCategory(app, otherAdmin, { names: { en: 'Theirs' } })).id);
    expectError(await asActor(app, admin, 'PUT', `/api/admin/goods/${inA}/position`, { before: theirs.id }), 'conflict');
    expectError(await asActor(app, otherAdmin, 'PUT', `/api/admin/goods/${theirs.id}/position`, { before: inA }), 'conflict');
    expectError(await asActor(app, otherAdmin, 'PUT', `/api/admin/goods/${inA}/position`, { before: theirs.id }), 'not_found');
  });

  it('refuses a body that is not one placement', async () => {
    const category = await createCategory(app, admin);
    const [g0, g1] = await goodsIn(category.id, 2);
    for (const body of [{}, { before: g1, after: g1 }, { before: 'x' }, { above: g1 }]) {
      expectError(await asActor(app, admin, 'PUT', `/api/admin/goods/${g0}/position`, body), 'validation_failed');
    }
  });
});
