import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminCategoryListSchema,
  adminCategorySchema,
  adminGoodsListSchema,
  adminGoodsPageSchema,
  adminGoodsQuerySchema,
  adminGoodsSchema,
  categoryInputSchema,
  categoryPatchSchema,
  goodsInputSchema,
  goodsOrderInputSchema,
  goodsPatchSchema,
  goodsPlacementSchema,
  idParamsSchema,
  orderInputSchema,
  variantInputSchema,
  variantPatchSchema,
} from '@padhub/contracts';
import { ok } from '#server/http/envelope.ts';
import { answers, emptySchema } from '#server/http/schemas.ts';
import { requireStaff } from '#server/http/staff.ts';
import type { CategoryAdminService } from './admin-categories.ts';
import type { GoodsAdminService } from './admin-goods.ts';
import type { ShopAdmin } from './admin-rules.ts';
import type { VariantAdminService } from './admin-variants.ts';

const tags = ['shop admin'];

/** The organisation's admins only; moderators moderate, they do not run the shop. */
async function admin(req: FastifyRequest): Promise<ShopAdmin> {
  return { staff: await requireStaff(req, 'admin'), org: req.org, lang: req.lang };
}

/** The shop console's calls, registered under /api/admin. */
export const shopAdminRoutes: FastifyPluginAsyncZod<{
  categoryAdmin: CategoryAdminService;
  goodsAdmin: GoodsAdminService;
  variantAdmin: VariantAdminService;
}> = async (app, { categoryAdmin: categories, goodsAdmin: goods, variantAdmin: variants }) => {
  // Every call of this scope is refused to anyone but this organisation's admins, before its input is read.
  app.addHook('onRequest', async (req) => {
    await requireStaff(req, 'admin');
  });

  // Categories.
  app.get('/goods-categories', { schema: { tags, response: answers(adminCategoryListSchema) } }, async (req) => ok(await categories.list(await admin(req))));

  app.post('/goods-categories', { schema: { tags, body: categoryInputSchema, response: answers(adminCategorySchema) } }, async (req) =>
    ok(await categories.create(await admin(req), req.body)),
  );

  app.put('/goods-categories/order', { schema: { tags, body: orderInputSchema, response: answers(adminCategoryListSchema) } }, async (req) =>
    ok(await categories.order(await admin(req), req.body.ids)),
  );

  app.patch('/goods-categories/:id', { schema: { tags, params: idParamsSchema, body: categoryPatchSchema, response: answers(adminCategorySchema) } }, async (req) =>
    ok(await categories.update(await admin(req), req.params.id, req.body)),
  );

  app.delete('/goods-categories/:id', { schema: { tags, params: idParamsSchema, response: answers(emptySchema) } }, async (req) => {
    await categories.delete(await admin(req), req.params.id);
    return ok({});
  });

  // Goods.
  app.get('/goods', { schema: { tags, querystring: adminGoodsQuerySchema, response: answers(adminGoodsPageSchema) } }, async (req) =>
    ok(await goods.goodsList(await admin(req), req.query)),
  );

  app.post('/goods', { schema: { tags, body: goodsInputSchema, response: answers(adminGoodsSchema) } }, async (req) =>
    ok(await goods.createGoods(await admin(req), req.body)),
  );

  app.put('/goods/order', { schema: { tags, body: goodsOrderInputSchema, response: answers(adminGoodsListSchema) } }, async (req) =>
    ok(await goods.orderGoods(await admin(req), req.body)),
  );

  app.put('/goods/:id/position', { schema: { tags, params: idParamsSchema, body: goodsPlacementSchema, response: answers(emptySchema) } }, async (req) => {
    await goods.placeGoods(await admin(req), req.params.id, req.body);
    return ok({});
  });

  app.get('/goods/:id', { schema: { tags, params: idParamsSchema, response: answers(adminGoodsSchema) } }, async (req) =>
    ok(await goods.goods(await admin(req), req.params.id)),
  );

  app.patch('/goods/:id', { schema: { tags, params: idParamsSchema, body: goodsPatchSchema, response: answers(adminGoodsSchema) } }, async (req) =>
    ok(await goods.updateGoods(await admin(req), req.params.id, req.body)),
  );

  app.delete('/goods/:id', { schema: { tags, params: idParamsSchema, response: answers(emptySchema) } }, async (req) => {
    await goods.deleteGoods(await admin(req), req.params.id);
    return ok({});
  });

  // Variants: each call answers the whole goods they belong to.
  app.post('/goods/:id/variants', { schema: { tags, params: idParamsSchema, body: variantInputSchema, response: answers(adminGoodsSchema) } }, async (req) =>
    ok(await variants.createVariant(await admin(req), req.params.id, req.body)),
  );

  app.put('/goods/:id/variants/order', { schema: { tags, params: idParamsSchema, body: orderInputSchema, response: answers(adminGoodsSchema) } }, async (req) =>
    ok(await variants.orderVariants(await admin(req), req.params.id, req.body.ids)),
  );

  app.patch('/goods-variants/:id', { schema: { tags, params: idParamsSchema, body: variantPatchSchema, response: answers(adminGoodsSchema) } }, async (req) =>
    ok(await variants.updateVariant(await admin(req), req.params.id, req.body)),
  );

  app.delete('/goods-variants/:id', { schema: { tags, params: idParamsSchema, response: answers(adminGoodsSchema) } }, async (req) =>
    ok(await variants.deleteVariant(await admin(req), req.params.id)),
  );
};
