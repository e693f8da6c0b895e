import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { type AdminGoods, errorCatalogue } from '@padhub/contracts';
import { buildTestApp, data, ORG, OTHER_ORG, registerUser } from '#server-test/helper.ts';
import { asActor, createCategory, createGoods, personWithRole, variantInput } from './test-fixtures.ts';

// Each route below registers a banned admin of its own.
const app = await buildTestApp({ REGISTER_LIMIT_PER_IP: '1000' });
const admin = await personWithRole(app, 'admin');
const secondAdmin = await personWithRole(app, 'admin');
const moderator = await personWithRole(app, 'moderator');
const member = await registerUser(app);
const otherAdmin = await personWithRole(app, 'admin', OTHER_ORG);

type Refusal = keyof typeof errorCatalogue;
function refused(res: { statusCode: number; json(): { code: number } }, key: Refusal) {
  expect({ status: res.statusCode, code: res.json().code }, JSON.stringify(res.json())).toEqual({ status: errorCatalogue[key].status, code: errorCatalogue[key].code });
}
const issuePaths = (res: { json(): { data?: { issues?: { path: string }[] } } }) => (res.json().data?.issues ?? []).map((i) => i.path);

const png = (r = 200) => sharp({ create: { width: 1600, height: 1200, channels: 3, background: { r, g: 40, b: 90 } } }).png().toBuffer();
/** Stored as the admin's uploader would store it: under their own prefix. */
async function uploaded(owner: { id: string }, name: string, body?: Buffer, org = ORG) {
  const key = `u/${org}/${owner.id}/goods/${name}`;
  await app.storage.store.put(key, body ?? (await png()), 'image/png');
  return key;
}

const category = await createCategory(app, admin);
const goods = await createGoods(app, admin, category.id);
const variant = goods.variants[0]!;
// Two goods of their own category, for the one route that names two goods.
const pairCategory = await createCategory(app, admin, { names: { cn: '成对' } });
const pair = [await createGoods(app, admin, pairCategory.id), await createGoods(app, admin, pairCategory.id)];

describe('only the organisation\'s admins change the shop', () => {
  // Every admin route, with input that would succeed for an admin.
  const routes: [method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object][] = [
    ['GET', '/api/admin/goods-categories'],
    ['POST', '/api/admin/goods-categories', { names: { cn: '新' } }],
    ['PATCH', `/api/admin/goods-categories/${category.id}`, { published: true }],
    ['PUT', '/api/admin/goods-categories/order', { ids: [category.id] }],
    ['DELETE', `/api/admin/goods-categories/${category.id}`],
    ['GET', `/api/admin/goods?category=${category.id}`],
    ['POST', '/api/admin/goods', { categoryId: category.id, texts: { cn: { name: '新' } } }],
    ['PUT', '/api/admin/goods/order', { categoryId: category.id, ids: [goods.id] }],
    ['PUT', `/api/admin/goods/${pair[1]!.id}/position`, { before: pair[0]!.id }],
    ['GET', `/api/admin/goods/${goods.id}`],
    ['PATCH', `/api/admin/goods/${goods.id}`, { published: false }],
    ['DELETE', `/api/admin/goods/${goods.id}`],
    ['POST', `/api/admin/goods/${goods.id}/variants`, variantInput()],
    ['PUT', `/api/admin/goods/${goods.id}/variants/order`, { ids: [variant.id] }],
    ['PATCH', `/api/admin/goods-variants/${variant.id}`, { price: 100 }],
    ['DELETE', `/api/admin/goods-variants/${variant.id}`],
  ];

  it.each(routes)('%s %s: anonymous, a member, a moderator, a banned admin and another organisation\'s admin are refused', async (method, url, payload) => {
    refused(await asActor(app, null, method, url, payload), 'login_required');
    refused(await asActor(app, member, method, url, payload), 'forbidden');
    refused(await asActor(app, moderator, method, url, payload), 'forbidden');
    // Their token belongs to their own organisation: sent with ours, it is no token here.
    refused(await asActor(app, { headers: { ...otherAdmin.headers, accorgid: ORG } }, method, url, payload), 'token_invalid');
    // In their own organisation they are an admin, and nothing of ours exists there.
    if (url.includes(goods.id) || url.includes(variant.id) || url.includes(category.id)) {
      const res = await asActor(app, otherAdmin, method, url, payload);
      expect([errorCatalogue.not_found.code, errorCatalogue.validation_failed.code, errorCatalogue.conflict.code]).toContain(res.json().code);
    }
    const banned = await personWithRole(app, 'admin');
    await app.db.query(`update users set banned_until = now() + interval '1 day' where id = $1`, [banned.id]);
    refused(await asActor(app, banned, method, url, payload), 'account_banned');
  });

  it('leaves the goods as they were after all those refusals', async () => {
    const now = data<AdminGoods>(await asActor(app, admin, 'GET', `/api/admin/goods/${goods.id}`));
    expect(now).toMatchObject({ published: true, variants: [{ id: variant.id, price: variant.price }] });
  });

  it.each(routes.filter(([method]) => method !== 'GET' && method !== 'DELETE'))('%s %s: refuses malformed input with validation_failed', async (method, url) => {
    refused(await asActor(app, admin, method, url, { names: 'not an object', ids: 'x', categoryId: 'x', texts: 5, price: -1 }), 'validation_failed');
  });

  it('refuses malformed ids in the path', async () => {
    for (const url of ['/api/admin/goods/abc', '/api/admin/goods?category=x', '/api/admin/goods']) refused(await asActor(app, admin, 'GET', url), 'validation_failed');
    refused(await asActor(app, admin, 'PATCH', '/api/admin/goods-variants/0', { price: 1 }), 'validation_failed');
    refused(await asActor(app, admin, 'DELETE', '/api/admin/goods-categories/-1'), 'validation_failed');
  });
});

describe('categories', () => {
  it('are created, renamed, published and unpublished, reordered, and deleted only when empty', async () => {
    const a = await createCategory(app, admin, { names: { cn: '甲' } });
    const b = await createCategory(app, admin, { names: { cn: '乙', en: 'B' }, published: false });
    expect(b).toMatchObject({ names: { cn: '乙', en: 'B' }, published: false, goodsCount: 0 });
    expect(b.position).toBeGreaterThan(a.position);
    expect(data(await asActor(app, admin, 'PATCH', `/api/admin/goods-categories/${b.id}`, { names: { cn: '乙乙' }, published: true }))).toMatchObject({
      names: { cn: '乙乙' },
      published: true,
    });

    const all = data(await asActor(app, admin, 'GET', '/api/admin/goods-categories')).items.map((c: { id: string }) => c.id);
    const reversed = [...all].reverse();
    expect(data(await asActor(app, admin, 'PUT', '/api/admin/goods-categories/order', { ids: reversed })).items.map((c: { id: string }) => c.id)).toEqual(reversed);
    // An order that leaves one out, names one twice or names another organisation's is a list that changed meanwhile.
    refused(await asActor(app, admin, 'PUT', '/api/admin/goods-categories/order', { ids: reversed.slice(1) }), 'conflict');
    refused(await asActor(app, admin, 'PUT', '/api/admin/goods-categories/order', { ids: [...reversed.slice(1), reversed[1]] }), 'conflict');

    await createGoods(app, admin, a.id);
    refused(await asActor(app, admin, 'DELETE', `/api/admin/goods-categories/${a.id}`), 'category_not_empty');
    expect(data(await asActor(app, admin, 'DELETE', `/api/admin/goods-categories/${b.id}`))).toEqual({});
    refused(await asActor(app, admin, 'DELETE', `/api/admin/goods-categories/${b.id}`), 'not_found');
  });

  it('need a name in the organisation\'s default language', async () => {
    const res = await asActor(app, admin, 'POST', '/api/admin/goods-categories', { names: { en: 'English only' } });
    refused(res, 'validation_failed');
    expect(issuePaths(res)).toEqual(['body.names.cn']);
    // The other organisation's default is English.
    expect(data(await asActor(app, otherAdmin, 'POST', '/api/admin/goods-categories', { names: { en: 'English only' } }))).toMatchObject({ names: { en: 'English only' } });
  });
});

describe('goods', () => {
  it('are created unpublished by default, edited field by field, published, moved, reordered and deleted', async () => {
    const other = await createCategory(app, admin, { names: { cn: '其他' } });
    const created = data<AdminGoods>(await asActor(app, admin, 'POST', '/api/admin/goods', { categoryId: category.id, model: 'pro-2', texts: { cn: { name: '新品' } } }));
    expect(created).toMatchObject({ published: false, visible: false, model: 'pro-2', texts: { cn: { name: '新品', description: '', specs: [] } }, variants: [] });

    const edited = data<AdminGoods>(await asActor(app, admin, 'PATCH', `/api/admin/goods/${created.id}`, { texts: { cn: { name: '新品二' }, jp: { name: '新商品' } } }));
    expect(edited).toMatchObject({ model: 'pro-2', published: false, texts: { cn: { name: '新品二' }, jp: { name: '新商品' } } });
    expect(data<AdminGoods>(await asActor(app, admin, 'PATCH', `/api/admin/goods/${created.id}`, { model: null, published: true }))).toMatchObject({ model: null, published: true, texts: { jp: { name: '新商品' } } });

    const moved = data<AdminGoods>(await asActor(app, admin, 'PATCH', `/api/admin/goods/${created.id}`, { categoryId: other.id }));
    expect(moved.categoryId).toBe(other.id);
    const second = await createGoods(app, admin, other.id);
    expect(data(await asActor(app, admin, 'GET', `/api/admin/goods?category=${other.id}`)).items.map((g: { id: string }) => g.id)).toEqual([created.id, second.id]);
    const reordered = data(await asActor(app, admin, 'PUT', '/api/admin/goods/order', { categoryId: other.id, ids: [second.id, created.id] }));
    expect(reordered.items.map((g: { id: string }) => g.id)).toEqual([second.id, created.id]);
    refused(await asActor(app, admin, 'PUT', '/api/admin/goods/order', { categoryId: category.id, ids: [second.id, created.id] }), 'conflict');

    expect(data(await asActor(app, admin, 'DELETE', `/api/admin/goods/${created.id}`))).toEqual({});
    refused(await asActor(app, admin, 'GET', `/api/admin/goods/${created.id}`), 'not_found');
    refused(await asActor(app, admin, 'DELETE', `/api/admin/goods/${created.id}`), 'not_found');
  });

  it('refuse a missing default-language text, an unknown model or category, and texts that drop the default language', async () => {
    const cases: [object, string][] = [
      [{ categoryId: category.id, texts: { en: { name: 'No Chinese' } } }, 'body.texts.cn'],
      [{ categoryId: category.id, model: 'nintendo', texts: { cn: { name: '型号' } } }, 'body.model'],
      [{ categoryId: '999999', texts: { cn: { name: '分类' } } }, 'body.categoryId'],
    ];
    for (const [body, path] of cases) {
      const res = await asActor(app, admin, 'POST', '/api/admin/goods', body);
      refused(res, 'validation_failed');
      expect(issuePaths(res)).toEqual([path]);
    }
    const goods = await createGoods(app, admin, category.id);
    const res = await asActor(app, admin, 'PATCH', `/api/admin/goods/${goods.id}`, { texts: { en: { name: 'Only English now' } } });
    expect(issuePaths(res)).toEqual(['body.texts.cn']);
    // Another organisation's category is no category here.
    const theirs = await createCategory(app, otherAdmin, { names: { en: 'Theirs' } });
    expect(issuePaths(await asActor(app, admin, 'PATCH', `/api/admin/goods/${goods.id}`, { categoryId: theirs.id }))).toEqual(['body.categoryId']);
  });

  it('have their description sanitised before it is stored: scripts, handlers and javascript: links go, formatting stays', async () => {
    const description = '<p onclick="steal()">Fast <strong>and</strong> light<script>alert(1)</script></p><ul><li>one</li></ul><a href="javascript:alert(1)">bad</a><a href="https://padhub.example">good</a><img src="x" onerror="alert(1)">';
    const goods = await createGoods(app, admin, category.id, { goods: { texts: { cn: { name: '描述', description } } } });
    const [row] = await app.db.query<{ description: string }>(`select description from goods_texts where goods_id = $1 and lang = 'cn'`, [goods.id]);
    expect(row!.description).toBe(
      '<p>Fast <strong>and</strong> light</p><ul><li>one</li></ul><a rel="noopener noreferrer nofollow" target="_blank">bad</a><a href="https://padhub.example" rel="noopener noreferrer nofollow" target="_blank">good</a>',
    );
  });
});

describe('variants', () => {
  it('are added, edited, published and unpublished, reordered and deleted, each answering the whole goods', async () => {
    const goods = await createGoods(app, admin, category.id, { variants: [] });
    const one = data<AdminGoods>(await asActor(app, admin, 'POST', `/api/admin/goods/${goods.id}/variants`, variantInput({ names: { cn: '白' }, price: 100, oldPrice: 150 })));
    const two = data<AdminGoods>(await asActor(app, admin, 'POST', `/api/admin/goods/${goods.id}/variants`, variantInput({ names: { cn: '黑' }, stock: 'coming_soon' })));
    expect(one.variants).toHaveLength(1);
    expect(two.variants.map((v) => [v.names.cn, v.price, v.oldPrice, v.stock, v.published])).toEqual([
      ['白', 100, 150, 'in_stock', true],
      ['黑', 19900, null, 'coming_soon', true],
    ]);
    const [white, black] = two.variants;
    const edited = data<AdminGoods>(await asActor(app, admin, 'PATCH', `/api/admin/goods-variants/${white!.id}`, { price: 120, stock: 'sold_out', published: false }));
    expect(edited.variants[0]).toMatchObject({ price: 120, oldPrice: 150, stock: 'sold_out', published: false });
    const ordered = data<AdminGoods>(await asActor(app, admin, 'PUT', `/api/admin/goods/${goods.id}/variants/order`, { ids: [black!.id, white!.id] }));
    expect(ordered.variants.map((v) => v.id)).toEqual([black!.id, white!.id]);
    refused(await asActor(app, admin, 'PUT', `/api/admin/goods/${goods.id}/variants/order`, { ids: [black!.id] }), 'conflict');
    expect(data<AdminGoods>(await asActor(app, admin, 'DELETE', `/api/admin/goods-variants/${white!.id}`)).variants.map((v) => v.id)).toEqual([black!.id]);
    refused(await asActor(app, admin, 'PATCH', `/api/admin/goods-variants/${white!.id}`, { price: 1 }), 'not_found');
  });

  it('refuse an old price not above the price, a missing default-language name, and store links that are not https', async () => {
    const goods = await createGoods(app, admin, category.id);
    const id = goods.variants[0]!.id;
    const post = (body: object) => asActor(app, admin, 'POST', `/api/admin/goods/${goods.id}/variants`, variantInput(body));
    expect(issuePaths(await post({ price: 100, oldPrice: 100 }))).toEqual(['body.oldPrice']);
    // Raising the price above the variant's current old price is the same mistake.
    await asActor(app, admin, 'PATCH', `/api/admin/goods-variants/${id}`, { oldPrice: 25000 });
    expect(issuePaths(await asActor(app, admin, 'PATCH', `/api/admin/goods-variants/${id}`, { price: 26000 }))).toEqual(['body.oldPrice']);
    expect(issuePaths(await post({ names: { en: 'Black' } }))).toEqual(['body.names.cn']);
    for (const storeUrl of ['javascript:alert(1)', 'http://shop.padhub.example/x', 'https://', 'data:text/html,x']) refused(await post({ storeUrl }), 'validation_failed');
    refused(await post({ price: 1.5 }), 'validation_failed');
    refused(await post({ stock: 'plenty' }), 'validation_failed');
  });
});

describe('pictures', () => {
  it('are the admin\'s own uploads, checked and rendered to resized WebP before they are attached', async () => {
    const key = await uploaded(admin, 'front.png');
    const goods = data<AdminGoods>(await asActor(app, admin, 'POST', '/api/admin/goods', { categoryId: category.id, texts: { cn: { name: '图' } }, pictures: [{ path: key }] }));
    const [picture] = goods.pictures;
    expect(picture).toMatchObject({ path: key, kind: 'image', width: 1600, height: 1200, thumb: `t/${key}.w480.webp`, preview: `t/${key}.w1080.webp` });
    const thumb = await app.storage.store.get(picture!.thumb!);
    expect((await sharp(Buffer.concat(await thumb!.body.toArray())).metadata()).width).toBe(480);

    // A variant picture, then another admin edits the goods keeping the first admin's picture as it was.
    const variantKey = await uploaded(admin, 'white.png', await png(250));
    const withVariant = data<AdminGoods>(await asActor(app, admin, 'POST', `/api/admin/goods/${goods.id}/variants`, variantInput({ pictures: [{ path: variantKey }] })));
    expect(withVariant.variants[0]!.pictures[0]).toMatchObject({ path: variantKey, thumb: expect.any(String) });
    const secondKey = await uploaded(secondAdmin, 'side.png');
    const edited = data<AdminGoods>(await asActor(app, secondAdmin, 'PATCH', `/api/admin/goods/${goods.id}`, { pictures: [{ path: secondKey }, { path: key }, { path: variantKey }] }));
    expect(edited.pictures.map((p) => p.path)).toEqual([secondKey, key, variantKey]);
    expect(edited.pictures[1]).toEqual(picture);
  });

  it('refuse someone else\'s object, a missing one, one that is not an image, and the same picture twice', async () => {
    const goods = await createGoods(app, admin, category.id);
    const patch = (path: string | string[]) => asActor(app, admin, 'PATCH', `/api/admin/goods/${goods.id}`, { pictures: [path].flat().map((p) => ({ path: p })) });
    refused(await patch(await uploaded(member, 'theirs.png')), 'media_not_yours');
    refused(await patch(`u/${ORG}/${admin.id}/goods/never-uploaded.png`), 'media_missing');
    refused(await patch(await uploaded(admin, 'notes.jpg', Buffer.from('just some text, not a picture at all'))), 'media_type_mismatch');
    const key = await uploaded(admin, 'twice.png');
    refused(await patch([key, key]), 'validation_failed');
    refused(await asActor(app, admin, 'PATCH', `/api/admin/goods-variants/${goods.variants[0]!.id}`, { pictures: [{ path: 'shop/padhub/not-theirs.jpg' }] }), 'media_not_yours');
    expect(data<AdminGoods>(await asActor(app, admin, 'GET', `/api/admin/goods/${goods.id}`)).pictures).toEqual([]);
  });
});
