import { describe, expect, it } from 'vitest';
import { type AdminGoods, errorCatalogue } from '@padhub/contracts';
import type { Queryable } from '#server/db/client.ts';
import { buildTestApp, data } from '#server-test/helper.ts';
import { listen } from '#server-test/storage.ts';
import { png, uploadAs } from '#server/modules/posting/test-fixtures.ts';
import { objectsOf, stored } from '#server/modules/media-lifecycle/test-fixtures.ts';
import { asActor, createCategory, personWithRole, variantInput } from './test-fixtures.ts';

const app = await buildTestApp({ REGISTER_LIMIT_PER_IP: '1000' });
const { origin } = await listen(app);
const [one, two] = [await personWithRole(app, 'admin'), await personWithRole(app, 'admin')];
const category = await createCategory(app, one);
const upload = async (name: string) => uploadAs(origin, one, name, await png(400, 400, name.length * 30), 'image/png');

/**
 * Runs `change` just before the next transaction begins, so it lands between what the next
 * request read and what it writes: the other admin's edit committing at the worst moment.
 */
function meanwhile(change: () => Promise<unknown>) {
  const tx = app.db.tx;
  app.db.tx = async <T>(work: (q: Queryable) => Promise<T>): Promise<T> => {
    app.db.tx = tx;
    await change();
    return tx(work);
  };
}

describe("two admins editing the same goods at once keep each other's changes", () => {
  it("a goods published while another admin removed a picture keeps the removal, and the removed file's deletion stands", async () => {
    const [a, b] = [await upload('a.png'), await upload('bb.png')];
    const goods = data<AdminGoods>(
      await asActor(app, one, 'POST', '/api/admin/goods', { categoryId: category.id, texts: { cn: { name: '手柄' } }, pictures: [{ path: a }, { path: b }] }),
    );
    const [kept, removed] = [goods.pictures[0]!, goods.pictures[1]!];
    const [ofKept, ofRemoved] = [await objectsOf(app, [kept]), await objectsOf(app, [removed])];
    meanwhile(() => asActor(app, two, 'PATCH', `/api/admin/goods/${goods.id}`, { pictures: [{ path: kept.path }] }));
    const published = await asActor(app, one, 'PATCH', `/api/admin/goods/${goods.id}`, { published: true });
    expect(published.statusCode).toBe(200);
    const after = data<AdminGoods>(await asActor(app, one, 'GET', `/api/admin/goods/${goods.id}`));
    expect(after.published).toBe(true);
    expect(after.pictures.map((p) => p.path)).toEqual([kept.path]);
    await app.lifecycle.settled();
    expect(await stored(app, ofRemoved)).toEqual([]);
    expect(await stored(app, ofKept)).toEqual(ofKept);
  });

  it('a picture named again after another admin removed it is refused, not shown without its file', async () => {
    const [a, b] = [await upload('c.png'), await upload('ddd.png')];
    const goods = data<AdminGoods>(
      await asActor(app, one, 'POST', '/api/admin/goods', { categoryId: category.id, texts: { cn: { name: '手柄' } }, pictures: [{ path: a }, { path: b }] }),
    );
    const [first, second] = goods.pictures.map((p) => p.path);
    meanwhile(() => asActor(app, two, 'PATCH', `/api/admin/goods/${goods.id}`, { pictures: [{ path: first }] }));
    const stale = await asActor(app, one, 'PATCH', `/api/admin/goods/${goods.id}`, { pictures: [{ path: second }, { path: first }] });
    expect(stale.json().code).toBe(errorCatalogue.media_removed.code);
    const after = data<AdminGoods>(await asActor(app, one, 'GET', `/api/admin/goods/${goods.id}`));
    expect(after.pictures.map((p) => p.path)).toEqual([first]);
  });

  it('a variant keeps the price another admin set meanwhile, and a discount no longer above it is refused', async () => {
    const goods = data<AdminGoods>(await asActor(app, one, 'POST', '/api/admin/goods', { categoryId: category.id, texts: { cn: { name: '手柄' } } }));
    const withVariant = data<AdminGoods>(
      await asActor(app, one, 'POST', `/api/admin/goods/${goods.id}/variants`, variantInput({ price: 8000, oldPrice: 12000, stock: 'in_stock' })),
    );
    const variant = withVariant.variants[0]!;
    meanwhile(() => asActor(app, two, 'PATCH', `/api/admin/goods-variants/${variant.id}`, { price: 10000 }));
    const stock = await asActor(app, one, 'PATCH', `/api/admin/goods-variants/${variant.id}`, { stock: 'sold_out' });
    expect(data<AdminGoods>(stock).variants[0]).toMatchObject({ price: 10000, oldPrice: 12000, stock: 'sold_out' });

    meanwhile(() => asActor(app, two, 'PATCH', `/api/admin/goods-variants/${variant.id}`, { price: 11000 }));
    const discount = await asActor(app, one, 'PATCH', `/api/admin/goods-variants/${variant.id}`, { oldPrice: 10500 });
    expect(discount.json().code).toBe(errorCatalogue.validation_failed.code);
    const after = data<AdminGoods>(await asActor(app, one, 'GET', `/api/admin/goods/${goods.id}`)).variants[0];
    expect(after).toMatchObject({ price: 11000, oldPrice: 12000, stock: 'sold_out' });
  });

  it('a new variant cannot name a goods picture another admin removed meanwhile, whose file is being deleted', async () => {
    const [a, b] = [await upload('e.png'), await upload('ffff.png')];
    const goods = data<AdminGoods>(
      await asActor(app, one, 'POST', '/api/admin/goods', { categoryId: category.id, texts: { cn: { name: '手柄' } }, pictures: [{ path: a }, { path: b }] }),
    );
    const [kept, removed] = [goods.pictures[0]!, goods.pictures[1]!];
    const ofRemoved = await objectsOf(app, [removed]);
    meanwhile(() => asActor(app, two, 'PATCH', `/api/admin/goods/${goods.id}`, { pictures: [{ path: kept.path }] }));
    const created = await asActor(app, one, 'POST', `/api/admin/goods/${goods.id}/variants`, variantInput({ pictures: [{ path: removed.path }] }));
    expect(created.json().code).toBe(errorCatalogue.media_removed.code);
    const after = data<AdminGoods>(await asActor(app, one, 'GET', `/api/admin/goods/${goods.id}`));
    expect(after.variants).toEqual([]);
    await app.lifecycle.settled();
    expect(await stored(app, ofRemoved)).toEqual([]);
  });

  it('a variant added to a goods another admin deleted meanwhile is not found, not a server error', async () => {
    const goods = data<AdminGoods>(await asActor(app, one, 'POST', '/api/admin/goods', { categoryId: category.id, texts: { cn: { name: '手柄' } } }));
    meanwhile(() => asActor(app, two, 'DELETE', `/api/admin/goods/${goods.id}`));
    const created = await asActor(app, one, 'POST', `/api/admin/goods/${goods.id}/variants`, variantInput());
    expect(created.json().code).toBe(errorCatalogue.not_found.code);
  });

  it('goods added or moved to a category another admin deleted meanwhile are refused as invalid, not a server error', async () => {
    const doomed = await createCategory(app, one);
    meanwhile(() => asActor(app, two, 'DELETE', `/api/admin/goods-categories/${doomed.id}`));
    const created = await asActor(app, one, 'POST', '/api/admin/goods', { categoryId: doomed.id, texts: { cn: { name: '手柄' } } });
    expect([created.statusCode, created.json().code]).toEqual([400, errorCatalogue.validation_failed.code]);

    const goods = data<AdminGoods>(await asActor(app, one, 'POST', '/api/admin/goods', { categoryId: category.id, texts: { cn: { name: '手柄' } } }));
    const doomedToo = await createCategory(app, one);
    meanwhile(() => asActor(app, two, 'DELETE', `/api/admin/goods-categories/${doomedToo.id}`));
    const moved = await asActor(app, one, 'PATCH', `/api/admin/goods/${goods.id}`, { categoryId: doomedToo.id });
    expect([moved.statusCode, moved.json().code]).toEqual([400, errorCatalogue.validation_failed.code]);
    expect(data<AdminGoods>(await asActor(app, one, 'GET', `/api/admin/goods/${goods.id}`)).categoryId).toBe(category.id);
  });
});
