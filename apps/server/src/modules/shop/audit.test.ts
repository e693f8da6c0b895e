import { describe, expect, it } from 'vitest';
import type { AdminCategory, AdminGoods, AuditEntry, Page } from '@padhub/contracts';
import { type Actor, buildTestApp, data, OTHER_ORG, registerUser } from '#server-test/helper.ts';
import { expectError } from '#server/modules/safety/test-fixtures.ts';
import { asActor, createCategory, createGoods, personWithRole, variantInput } from './test-fixtures.ts';

const app = await buildTestApp();
const admin = await personWithRole(app, 'admin');
const moderator = await personWithRole(app, 'moderator');
const otherAdmin = await personWithRole(app, 'admin', OTHER_ORG);

const log = async (actor: Actor = admin) => data<Page<AuditEntry>>(await asActor(app, actor, 'GET', '/api/admin/audit?limit=50')).items;
/** The newest line, after a change that must have written exactly one. */
async function lineOf(change: () => Promise<unknown>): Promise<AuditEntry> {
  const before = (await log())[0]?.id ?? '0';
  await change();
  const lines = (await log()).filter((l) => BigInt(l.id) > BigInt(before));
  expect(lines, 'one line per change').toHaveLength(1);
  return lines[0]!;
}
const call = async (method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object) => data(await asActor(app, admin, method, url, payload));
const shape = (l: AuditEntry) => ({ actor: l.actor.id, action: l.action, targetType: l.targetType, targetId: l.targetId, targetNames: l.targetNames, reason: l.reason, detail: l.detail });

describe('every change an admin makes to the shop is in the audit log, with who, what and on what', () => {
  it('categories: created, edited, published, unpublished, reordered, deleted', async () => {
    let category: AdminCategory | undefined;
    const created = await lineOf(async () => (category = await createCategory(app, admin, { names: { cn: '审计', en: 'Audit' }, published: false })));
    const id = category!.id;
    expect(shape(created)).toEqual({ actor: admin.id, action: 'create_category', targetType: 'goods_category', targetId: id, targetNames: { cn: '审计', en: 'Audit' }, reason: null, detail: { published: false } });

    const renamed = await lineOf(() => call('PATCH', `/api/admin/goods-categories/${id}`, { names: { cn: '审计二' } }));
    expect(shape(renamed)).toMatchObject({ action: 'update_category', targetId: id, targetNames: { cn: '审计二' }, detail: { changed: ['names'] } });
    const published = await lineOf(() => call('PATCH', `/api/admin/goods-categories/${id}`, { published: true }));
    expect(shape(published)).toMatchObject({ action: 'publish_category', targetNames: { cn: '审计二' }, detail: { changed: [] } });
    expect((await lineOf(() => call('PATCH', `/api/admin/goods-categories/${id}`, { published: false }))).action).toBe('unpublish_category');

    const ids = data<{ items: AdminCategory[] }>(await asActor(app, admin, 'GET', '/api/admin/goods-categories')).items.map((c) => c.id).reverse();
    const reordered = await lineOf(() => call('PUT', '/api/admin/goods-categories/order', { ids }));
    expect(shape(reordered)).toEqual({ actor: admin.id, action: 'reorder_categories', targetType: 'shop', targetId: null, targetNames: null, reason: null, detail: { ids } });

    const deleted = await lineOf(() => call('DELETE', `/api/admin/goods-categories/${id}`));
    expect(shape(deleted)).toMatchObject({ action: 'delete_category', targetId: id, targetNames: { cn: '审计二' } });
  });

  it('goods: added, edited (what changed, and plain values from and to), published, unpublished, moved, reordered, deleted', async () => {
    const category = await createCategory(app, admin);
    let goods: AdminGoods | undefined;
    const created = await lineOf(async () => (goods = data(await asActor(app, admin, 'POST', '/api/admin/goods', { categoryId: category.id, texts: { cn: { name: '审计手柄' } } }))));
    const id = goods!.id;
    expect(shape(created)).toEqual({
      actor: admin.id,
      action: 'create_goods',
      targetType: 'goods',
      targetId: id,
      targetNames: { cn: '审计手柄' },
      reason: null,
      detail: { categoryId: category.id, published: false },
    });

    const edited = await lineOf(() => call('PATCH', `/api/admin/goods/${id}`, { model: 'pro-2', texts: { cn: { name: '审计手柄二' }, en: { name: 'Audit pad' } } }));
    expect(shape(edited)).toMatchObject({ action: 'update_goods', targetNames: { cn: '审计手柄二', en: 'Audit pad' }, detail: { changed: ['model', 'texts'], from: { model: null }, to: { model: 'pro-2' } } });
    // The same texts again change nothing, whatever order their keys come in.
    const same = await lineOf(() => call('PATCH', `/api/admin/goods/${id}`, { texts: { en: { specs: [], name: 'Audit pad', description: '' }, cn: { name: '审计手柄二' } } }));
    expect(shape(same)).toMatchObject({ action: 'update_goods', detail: { changed: [] } });

    const other = await createCategory(app, admin, { names: { cn: '别处' } });
    const published = await lineOf(() => call('PATCH', `/api/admin/goods/${id}`, { published: true, categoryId: other.id }));
    expect(shape(published)).toMatchObject({ action: 'publish_goods', detail: { changed: ['category'], from: { category: category.id }, to: { category: other.id } } });
    expect((await lineOf(() => call('PATCH', `/api/admin/goods/${id}`, { published: false }))).action).toBe('unpublish_goods');

    const second = await createGoods(app, admin, other.id);
    const moved = await lineOf(() => call('PUT', `/api/admin/goods/${second.id}/position`, { before: id }));
    expect(shape(moved)).toMatchObject({ action: 'move_goods', targetType: 'goods', targetId: second.id, targetNames: { cn: '手柄', en: 'Controller' }, detail: { categoryId: other.id, before: id } });
    const reordered = await lineOf(() => call('PUT', '/api/admin/goods/order', { categoryId: other.id, ids: [id, second.id] }));
    expect(shape(reordered)).toMatchObject({ action: 'reorder_goods', targetType: 'goods_category', targetId: other.id, targetNames: { cn: '别处' }, detail: { ids: [id, second.id] } });

    const deleted = await lineOf(() => call('DELETE', `/api/admin/goods/${id}`));
    expect(shape(deleted)).toMatchObject({ action: 'delete_goods', targetId: id, targetNames: { cn: '审计手柄二', en: 'Audit pad' }, detail: { categoryId: other.id } });
    // The goods is gone; its line still names it.
    expect((await log()).find((l) => l.id === deleted.id)?.targetNames).toEqual({ cn: '审计手柄二', en: 'Audit pad' });
  });

  it('variants: added, edited (a price from and to), published, unpublished, reordered, deleted; named with their goods', async () => {
    const category = await createCategory(app, admin);
    const goods = await createGoods(app, admin, category.id, { variants: [] });
    let withVariant: AdminGoods | undefined;
    const created = await lineOf(async () => (withVariant = data(await asActor(app, admin, 'POST', `/api/admin/goods/${goods.id}/variants`, variantInput({ names: { cn: '黑色' }, price: 19900 })))));
    const id = withVariant!.variants[0]!.id;
    expect(shape(created)).toEqual({
      actor: admin.id,
      action: 'create_variant',
      targetType: 'goods_variant',
      targetId: id,
      // English falls back to the default language's variant name, as readers' pages do.
      targetNames: { cn: '手柄 · 黑色', en: 'Controller · 黑色' },
      reason: null,
      detail: { goodsId: goods.id, published: true },
    });

    const repriced = await lineOf(() => call('PATCH', `/api/admin/goods-variants/${id}`, { price: 9900, oldPrice: 19900 }));
    expect(shape(repriced)).toMatchObject({
      action: 'update_variant',
      detail: { goodsId: goods.id, changed: ['price', 'oldPrice'], from: { price: 19900, oldPrice: null }, to: { price: 9900, oldPrice: 19900 } },
    });
    const unpublished = await lineOf(() => call('PATCH', `/api/admin/goods-variants/${id}`, { published: false, stock: 'sold_out' }));
    expect(shape(unpublished)).toMatchObject({ action: 'unpublish_variant', detail: { changed: ['stock'], from: { stock: 'in_stock' }, to: { stock: 'sold_out' } } });
    expect((await lineOf(() => call('PATCH', `/api/admin/goods-variants/${id}`, { published: true }))).action).toBe('publish_variant');

    const two = data<AdminGoods>(await asActor(app, admin, 'POST', `/api/admin/goods/${goods.id}/variants`, variantInput()));
    const ids = two.variants.map((v) => v.id).reverse();
    const reordered = await lineOf(() => call('PUT', `/api/admin/goods/${goods.id}/variants/order`, { ids }));
    expect(shape(reordered)).toMatchObject({ action: 'reorder_variants', targetType: 'goods', targetId: goods.id, targetNames: { cn: '手柄', en: 'Controller' }, detail: { ids } });

    const deleted = await lineOf(() => call('DELETE', `/api/admin/goods-variants/${id}`));
    expect(shape(deleted)).toMatchObject({ action: 'delete_variant', targetId: id, targetNames: { cn: '手柄 · 黑色', en: 'Controller · 黑色' }, detail: { goodsId: goods.id } });
  });
});

describe('the shop\'s lines', () => {
  it('are not written for a change that was refused', async () => {
    const category = await createCategory(app, admin);
    const goods = await createGoods(app, admin, category.id);
    const before = await log();
    expectError(await asActor(app, admin, 'POST', '/api/admin/goods', { categoryId: category.id, texts: { en: { name: 'no default language' } } }), 'validation_failed');
    expectError(await asActor(app, admin, 'PATCH', '/api/admin/goods/999999999', { published: true }), 'not_found');
    expectError(await asActor(app, admin, 'DELETE', `/api/admin/goods-categories/${category.id}`), 'category_not_empty');
    expectError(await asActor(app, admin, 'PUT', '/api/admin/goods/order', { categoryId: category.id, ids: [] }), 'validation_failed');
    expectError(await asActor(app, admin, 'PUT', `/api/admin/goods/${goods.id}/position`, { before: goods.id }), 'conflict');
    expectError(await asActor(app, moderator, 'PATCH', `/api/admin/goods/${goods.id}`, { published: false }), 'forbidden');
    expectError(await asActor(app, await registerUser(app), 'DELETE', `/api/admin/goods/${goods.id}`), 'forbidden');
    expect(await log()).toEqual(before);
  });

  it('are written with their change or not at all: when the line cannot be written, the change is undone', async () => {
    const category = await createCategory(app, admin);
    const goods = await createGoods(app, admin, category.id);
    // Stands in for anything that makes the insert fail after the change was written (a full disk, a lost connection).
    await app.db.exec(`create function refuse_shop_lines() returns trigger language plpgsql as $$
      begin raise exception 'audit line refused'; end $$;
      create trigger refuse_shop_lines before insert on moderation_log for each row
        when (new.target_type in ('goods', 'goods_variant')) execute function refuse_shop_lines();`);
    try {
      expect((await asActor(app, admin, 'PATCH', `/api/admin/goods/${goods.id}`, { published: false, texts: { cn: { name: '不该改' } } })).statusCode).toBe(500);
      expect((await asActor(app, admin, 'DELETE', `/api/admin/goods-variants/${goods.variants[0]!.id}`)).statusCode).toBe(500);
      expect((await asActor(app, admin, 'POST', '/api/admin/goods', { categoryId: category.id, texts: { cn: { name: '不该有' } } })).statusCode).toBe(500);
    } finally {
      await app.db.exec('drop trigger refuse_shop_lines on moderation_log; drop function refuse_shop_lines();');
    }
    const now = data<AdminGoods>(await asActor(app, admin, 'GET', `/api/admin/goods/${goods.id}`));
    expect(now).toMatchObject({ published: true, texts: { cn: { name: '手柄' } }, variants: [{ id: goods.variants[0]!.id }] });
    expect(data<Page<unknown>>(await asActor(app, admin, 'GET', `/api/admin/goods?category=${category.id}`)).items).toHaveLength(1);
  });

  it('cannot be changed or removed, the database included', async () => {
    const category = await createCategory(app, admin, { names: { cn: '留证' } });
    const [line] = await log();
    expect(line).toMatchObject({ action: 'create_category', targetId: category.id });
    await expect(app.db.query(`update moderation_log set target_names = '{"cn": "改过"}' where id = $1`, [line!.id])).rejects.toThrow(/append-only/);
    await expect(app.db.query(`update moderation_log set detail = '{}' where target_type = 'goods_category'`)).rejects.toThrow(/append-only/);
    await expect(app.db.query('delete from moderation_log where id = $1', [line!.id])).rejects.toThrow(/append-only/);
    await expect(app.db.query('truncate moderation_log')).rejects.toThrow(/append-only/);
    expect((await log())[0]).toEqual(line);
  });

  it('leave moderation as strict as it was: a moderation line without its reason is refused by the database', async () => {
    await expect(
      app.db.query(`insert into moderation_log (org_id, actor_id, action, target_type, target_id, reason) values ('padhub', $1, 'ban', 'user', $1, null)`, [admin.id]),
    ).rejects.toThrow(/moderation_log_reason_given_check/);
    await expect(
      app.db.query(`insert into moderation_log (org_id, actor_id, action, target_type, target_id, reason) values ('padhub', $1, 'create_goods', 'goods', null, null)`, [admin.id]),
    ).rejects.toThrow(/moderation_log_target_id_check/);
  });

  it('are read by the organisation\'s moderators too, and by no other organisation', async () => {
    const category = await createCategory(app, admin, { names: { cn: '给版主看' } });
    expect((await log(moderator)).find((l) => l.targetId === category.id)).toMatchObject({ action: 'create_category', actor: { id: admin.id } });
    expect((await log(otherAdmin)).some((l) => l.targetId === category.id)).toBe(false);
  });
});
