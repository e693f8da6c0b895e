import { describe, expect, it } from 'vitest';
import { type GoodsCard, errorCatalogue } from '@padhub/contracts';
import { buildTestApp, data, ORG, OTHER_ORG, registerUser } from '#server-test/helper.ts';
import { asActor, createCategory, createGoods, personWithRole } from './test-fixtures.ts';

const app = await buildTestApp();
const admin = await personWithRole(app, 'admin');
const otherAdmin = await personWithRole(app, 'admin', OTHER_ORG);

const read = (url: string, lang = 'cn', org = ORG, extra: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers: { accorgid: org, 'accept-language': lang, ...extra } });

function refused(res: { statusCode: number; json(): { code: number } }, key: keyof typeof errorCatalogue) {
  expect({ status: res.statusCode, code: res.json().code }, JSON.stringify(res.json())).toEqual({ status: errorCatalogue[key].status, code: errorCatalogue[key].code });
}

/** Every item of a list, page by page. */
async function everyPage(url: string, lang = 'cn', limit = 5): Promise<GoodsCard[]> {
  const items: GoodsCard[] = [];
  let cursor: string | null = null;
  do {
    const sep = url.includes('?') ? '&' : '?';
    const page: { items: GoodsCard[]; nextCursor: string | null } = data(await read(`${url}${sep}limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`, lang));
    items.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor);
  return items;
}

// Categories of this organisation in the order A, B, C; goods created in order inside each.
const catA = await createCategory(app, admin, { names: { cn: '手柄', en: 'Controllers', ko: '컨트롤러' } });
const catB = await createCategory(app, admin, { names: { cn: '配件', en: 'Accessories' } });
const catC = await createCategory(app, admin, { names: { cn: '零件', en: 'Parts', jp: 'パーツ', ko: '부품' } });
const listed: string[] = [];
for (const [category, count] of [[catA, 8], [catB, 9], [catC, 6]] as const) {
  for (let i = 0; i < count; i++) listed.push((await createGoods(app, admin, category.id, { goods: { texts: { cn: { name: `${category.names.cn} ${i}` } } } })).id);
}

describe('the Mall list', () => {
  it('pages through every visible goods in category order, then goods order, without gaps or repeats', async () => {
    const items = await everyPage('/api/goods');
    expect(items.map((g) => g.id)).toEqual(listed);
    expect(new Set(items.map((g) => g.categoryId))).toEqual(new Set([catA.id, catB.id, catC.id]));
  });

  it('lists one category when asked, in its order', async () => {
    const items = await everyPage(`/api/goods?category=${catB.id}`, 'cn', 4);
    expect(items.map((g) => g.id)).toEqual(listed.slice(8, 17));
  });

  it('keeps its place when goods before the cursor disappear meanwhile (a keyset, not an offset)', async () => {
    const first: { items: GoodsCard[]; nextCursor: string } = data(await read('/api/goods?limit=5'));
    const gone = first.items[1]!.id;
    await asActor(app, admin, 'PATCH', `/api/admin/goods/${gone}`, { published: false });
    try {
      const second: { items: GoodsCard[] } = data(await read(`/api/goods?limit=5&cursor=${first.nextCursor}`));
      expect(second.items.map((g) => g.id)).toEqual(listed.slice(5, 10));
    } finally {
      await asActor(app, admin, 'PATCH', `/api/admin/goods/${gone}`, { published: true });
    }
  });

  it('lists the categories that have something to show, in order, in the reader\'s language', async () => {
    expect(data(await read('/api/goods/categories', 'ko')).items).toEqual([
      { id: catA.id, name: '컨트롤러', lang: 'ko' },
      // No Korean name: the organisation's default language (Chinese).
      { id: catB.id, name: '配件', lang: 'cn' },
      { id: catC.id, name: '부품', lang: 'ko' },
    ]);
    const empty = await createCategory(app, admin, { names: { cn: '空的' } });
    expect(data(await read('/api/goods/categories')).items.map((c: { id: string }) => c.id)).not.toContain(empty.id);
  });

  it('refuses bad input with a clear code', async () => {
    for (const url of ['/api/goods?cursor=not-a-cursor', '/api/goods?category=abc', '/api/goods?limit=0', '/api/goods?limit=51', '/api/goods/abc']) {
      refused(await read(url), 'validation_failed');
    }
    // A cursor of another list is not one of this list.
    const feed = data(await read('/api/posts?limit=1'));
    if (feed.nextCursor) refused(await read(`/api/goods?cursor=${feed.nextCursor}`), 'validation_failed');
    refused(await app.inject({ method: 'GET', url: '/api/goods' }), 'organisation_required');
    refused(await read('/api/goods/999999'), 'not_found');
  });

  it('is open to anonymous readers and members alike; a dead token is refused so the client forgets it', async () => {
    const member = await registerUser(app);
    const anonymous = data(await read('/api/goods?limit=3'));
    const asMember = data(await app.inject({ method: 'GET', url: '/api/goods?limit=3', headers: { ...member.headers, 'accept-language': 'cn' } }));
    expect(asMember).toEqual(anonymous);
    refused(await read('/api/goods', 'cn', ORG, { token: 'dead-token' }), 'token_invalid');
    refused(await read(`/api/goods/${listed[0]}`, 'cn', ORG, { token: 'dead-token' }), 'token_invalid');
  });
});

describe('goods are per organisation', () => {
  it('never shows one organisation\'s goods to another', async () => {
    const theirs = await createGoods(app, otherAdmin, (await createCategory(app, otherAdmin, { names: { en: 'Pads' } })).id, { goods: { texts: { en: { name: 'Theirs' } } } });
    const ours = await everyPage('/api/goods');
    expect(ours.map((g) => g.id)).not.toContain(theirs.id);
    refused(await read(`/api/goods/${theirs.id}`), 'not_found');
    const theirList = data(await read('/api/goods', 'en', OTHER_ORG));
    expect(theirList.items.map((g: GoodsCard) => g.id)).toEqual([theirs.id]);
    expect(theirList.items[0].currency).toBe('USD');
    refused(await read(`/api/goods/${listed[0]}`, 'en', OTHER_ORG), 'not_found');
    expect(data(await read(`/api/goods?category=${catA.id}`, 'en', OTHER_ORG)).items).toEqual([]);
  });
});

describe('unpublished goods', () => {
  it('are invisible to users (list, details, categories) and still there for admins', async () => {
    const category = await createCategory(app, admin, { names: { cn: '草稿' } });
    const draft = await createGoods(app, admin, category.id, { goods: { published: false } });
    expect((await everyPage('/api/goods')).map((g) => g.id)).not.toContain(draft.id);
    refused(await read(`/api/goods/${draft.id}`), 'not_found');
    expect(data(await read('/api/goods/categories')).items.map((c: { id: string }) => c.id)).not.toContain(category.id);
    expect(data(await asActor(app, admin, 'GET', `/api/admin/goods/${draft.id}`))).toMatchObject({ id: draft.id, published: false, visible: false });

    await asActor(app, admin, 'PATCH', `/api/admin/goods/${draft.id}`, { published: true });
    expect(data(await read(`/api/goods/${draft.id}`)).id).toBe(draft.id);
  });

  it('include those of an unpublished category, and those without a published variant', async () => {
    const category = await createCategory(app, admin, { names: { cn: '隐藏' } });
    const inHidden = await createGoods(app, admin, category.id);
    await asActor(app, admin, 'PATCH', `/api/admin/goods-categories/${category.id}`, { published: false });
    refused(await read(`/api/goods/${inHidden.id}`), 'not_found');
    expect(data(await read(`/api/goods?category=${category.id}`)).items).toEqual([]);

    const noVariant = await createGoods(app, admin, catA.id, { variants: [] });
    refused(await read(`/api/goods/${noVariant.id}`), 'not_found');
    const hiddenVariant = await createGoods(app, admin, catA.id, { variants: [{ published: false }] });
    refused(await read(`/api/goods/${hiddenVariant.id}`), 'not_found');
    expect((await everyPage('/api/goods')).map((g) => g.id)).not.toEqual(expect.arrayContaining([noVariant.id, hiddenVariant.id]));
    const admins = data(await asActor(app, admin, 'GET', `/api/admin/goods/${hiddenVariant.id}`));
    expect(admins).toMatchObject({ published: true, visible: false });
    await asActor(app, admin, 'DELETE', `/api/admin/goods/${noVariant.id}`);
    await asActor(app, admin, 'DELETE', `/api/admin/goods/${hiddenVariant.id}`);
  });

  it('hide an unpublished variant from the details of a visible goods', async () => {
    const goods = await createGoods(app, admin, catC.id, { variants: [{ names: { cn: '甲' } }, { names: { cn: '乙' }, published: false }] });
    expect(data(await read(`/api/goods/${goods.id}`)).variants.map((v: { name: string }) => v.name)).toEqual(['甲']);
    await asActor(app, admin, 'DELETE', `/api/admin/goods/${goods.id}`);
  });
});

describe('texts per content language', () => {
  const texts = {
    cn: { name: '专业手柄', description: '<p>中文介绍</p>', specs: [{ label: '重量', value: '245 g' }] },
    en: { name: 'Pro controller', description: '<p>In English</p>', specs: [{ label: 'Weight', value: '245 g' }] },
  };

  it('answers the asked language, else the organisation\'s default, for the goods, its category and its variants', async () => {
    const goods = await createGoods(app, admin, catA.id, { goods: { texts }, variants: [{ names: { cn: '黑色', en: 'Black', ko: '블랙' } }] });
    const english = data(await read(`/api/goods/${goods.id}`, 'en'));
    expect(english).toMatchObject({ lang: 'en', name: 'Pro controller', description: '<p>In English</p>', specs: [{ label: 'Weight', value: '245 g' }] });
    expect(english.category).toEqual({ id: catA.id, name: 'Controllers', lang: 'en' });
    const korean = data(await read(`/api/goods/${goods.id}`, 'ko'));
    // Never an empty page: the whole text falls back together, never mixing two languages.
    expect(korean).toMatchObject({ lang: 'cn', name: '专业手柄', description: '<p>中文介绍</p>', specs: [{ label: '重量', value: '245 g' }] });
    expect(korean.category).toEqual({ id: catA.id, name: '컨트롤러', lang: 'ko' });
    expect(korean.variants[0].name).toBe('블랙');
    expect(data(await read(`/api/goods/${goods.id}`, 'jp')).variants[0].name).toBe('黑色');
    const card = (await everyPage(`/api/goods?category=${catA.id}`, 'ko', 50)).find((g) => g.id === goods.id);
    expect(card).toMatchObject({ name: '专业手柄', lang: 'cn' });
    // Standard tags and the host's spellings are read too.
    expect(data(await read(`/api/goods/${goods.id}`, 'en-US,en;q=0.9')).lang).toBe('en');
    await asActor(app, admin, 'DELETE', `/api/admin/goods/${goods.id}`);
  });

  it('sanitises the description again when it is read', async () => {
    const goods = await createGoods(app, admin, catA.id, { goods: { texts } });
    // Written behind the service's back (a hand-made row, an older allow-list).
    await app.db.query(`update goods_texts set description = $2 where goods_id = $1 and lang = 'cn'`, [goods.id, '<p onclick="x()">hi<script>alert(1)</script><a href="javascript:alert(1)">a</a></p>']);
    const read1 = data(await read(`/api/goods/${goods.id}`, 'cn'));
    expect(read1.description).toBe('<p>hi<a rel="noopener noreferrer nofollow" target="_blank">a</a></p>');
    expect(data(await asActor(app, admin, 'GET', `/api/admin/goods/${goods.id}`)).texts.cn.description).toBe(read1.description);
    await asActor(app, admin, 'DELETE', `/api/admin/goods/${goods.id}`);
  });
});

describe('cards and details', () => {
  it('show the cheapest variant\'s price, whether prices vary, its old price, the best stock state and the first picture', async () => {
    const goods = await createGoods(app, admin, catB.id, {
      variants: [
        { price: 29900, stock: 'sold_out' },
        { price: 19900, oldPrice: 24900, stock: 'coming_soon' },
        { price: 39900, stock: 'sold_out' },
      ],
    });
    const card = (await everyPage(`/api/goods?category=${catB.id}`, 'cn', 50)).find((g) => g.id === goods.id);
    expect(card).toMatchObject({ price: 19900, priceVaries: true, oldPrice: 24900, stock: 'coming_soon', currency: 'CNY', picture: null, model: null });
    const details = data(await read(`/api/goods/${goods.id}`));
    expect(details.variants.map((v: { price: number; storeUrl: string | null }) => [v.price, v.storeUrl])).toEqual([
      [29900, null],
      [19900, null],
      [39900, null],
    ]);
    await asActor(app, admin, 'PATCH', `/api/admin/goods-variants/${data(await asActor(app, admin, 'GET', `/api/admin/goods/${goods.id}`)).variants[0].id}`, { stock: 'in_stock' });
    const after = data(await read(`/api/goods/${goods.id}`));
    expect(after.variants[0]).toMatchObject({ stock: 'in_stock', storeUrl: 'https://shop.padhub.example/x' });
    expect((await everyPage(`/api/goods?category=${catB.id}`, 'cn', 50)).find((g) => g.id === goods.id)).toMatchObject({ stock: 'in_stock' });
    await asActor(app, admin, 'DELETE', `/api/admin/goods/${goods.id}`);
  });
});
