import { ShopAdminRepo } from '#server/modules/shop/admin-repo.ts';
import { ORG } from '#server-test/helper.ts';
import { adminOnly, type Row } from './row.ts';
import type { World } from './world.ts';

const variantBody = { names: { cn: '黑色' }, price: 19900, stock: 'in_stock', storeUrl: 'https://shop.padhub.example/matrix' };

/** Fresh shop rows for one request, written straight to the database as the admins' repository writes them. */
const repo = (w: World) => new ShopAdminRepo(w.app.db);
const category = (w: World) => repo(w).insertCategory(ORG, { cn: '矩阵' }, true);
async function goods(w: World, categoryId?: string) {
  const id = await repo(w).insertGoods(ORG, { categoryId: categoryId ?? (await category(w)), model: null, pictures: [], published: true });
  await repo(w).replaceTexts(id, { cn: { name: '矩阵商品', description: '', specs: [] } });
  return id;
}
async function variant(w: World, goodsId?: string) {
  const owner = goodsId ?? (await goods(w));
  return { goodsId: owner, id: await repo(w).insertVariant(ORG, owner, { ...variantBody, stock: 'in_stock', oldPrice: null, pictures: [], published: true }) };
}

export const shopRows: Row[] = [
  { route: 'POST /api/admin/goods-categories', request: async () => ({ url: '/api/admin/goods-categories', payload: { names: { cn: '矩阵' } } }), expect: adminOnly },
  {
    route: 'PATCH /api/admin/goods-categories/:id',
    request: async (w) => ({ url: `/api/admin/goods-categories/${await category(w)}`, payload: { published: false } }),
    expect: adminOnly,
  },
  { route: 'DELETE /api/admin/goods-categories/:id', request: async (w) => ({ url: `/api/admin/goods-categories/${await category(w)}` }), expect: adminOnly },
  {
    route: 'PUT /api/admin/goods-categories/order',
    request: async (w) => {
      await category(w);
      const ids = (await w.app.db.query<{ id: string }>('select id from goods_categories where org_id = $1 order by position, id', [ORG])).map((r) => r.id);
      return { url: '/api/admin/goods-categories/order', payload: { ids: ids.reverse() } };
    },
    expect: adminOnly,
  },
  {
    route: 'POST /api/admin/goods',
    request: async (w) => ({ url: '/api/admin/goods', payload: { categoryId: await category(w), texts: { cn: { name: '矩阵' } } } }),
    expect: adminOnly,
  },
  { route: 'PATCH /api/admin/goods/:id', request: async (w) => ({ url: `/api/admin/goods/${await goods(w)}`, payload: { published: false } }), expect: adminOnly },
  { route: 'DELETE /api/admin/goods/:id', request: async (w) => ({ url: `/api/admin/goods/${await goods(w)}` }), expect: adminOnly },
  {
    route: 'PUT /api/admin/goods/order',
    request: async (w) => {
      const categoryId = await category(w);
      const ids = [await goods(w, categoryId), await goods(w, categoryId)];
      return { url: '/api/admin/goods/order', payload: { categoryId, ids: ids.reverse() } };
    },
    expect: adminOnly,
  },
  {
    route: 'PUT /api/admin/goods/:id/position',
    request: async (w) => {
      const categoryId = await category(w);
      const [first, second] = [await goods(w, categoryId), await goods(w, categoryId)];
      return { url: `/api/admin/goods/${second}/position`, payload: { before: first } };
    },
    expect: adminOnly,
  },
  { route: 'POST /api/admin/goods/:id/variants', request: async (w) => ({ url: `/api/admin/goods/${await goods(w)}/variants`, payload: variantBody }), expect: adminOnly },
  {
    route: 'PUT /api/admin/goods/:id/variants/order',
    request: async (w) => {
      const first = await variant(w);
      const second = await variant(w, first.goodsId);
      return { url: `/api/admin/goods/${first.goodsId}/variants/order`, payload: { ids: [second.id, first.id] } };
    },
    expect: adminOnly,
  },
  { route: 'PATCH /api/admin/goods-variants/:id', request: async (w) => ({ url: `/api/admin/goods-variants/${(await variant(w)).id}`, payload: { price: 100 } }), expect: adminOnly },
  { route: 'DELETE /api/admin/goods-variants/:id', request: async (w) => ({ url: `/api/admin/goods-variants/${(await variant(w)).id}` }), expect: adminOnly },
  // A "buy" tap is counted for the insights: any signed-in member; the goods are no one's, so a blacklist does not matter.
  {
    route: 'POST /api/goods/:id/buy-taps',
    request: async (w) => ({ url: `/api/goods/${(await variant(w)).goodsId}/buy-taps` }),
    expect: { ...adminOnly, owner: 'ok', other: 'ok', blacklisted: 'ok', moderator: 'ok', otherOrgModerator: 'not_found' },
  },
];
