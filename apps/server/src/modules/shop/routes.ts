import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { goodsCardPageSchema, goodsCategoryListSchema, goodsListQuerySchema, goodsSchema, idParamsSchema } from '@padhub/contracts';
import { member, optionalUser } from '#server/http/context.ts';
import { ok } from '#server/http/envelope.ts';
import { answers, emptySchema } from '#server/http/schemas.ts';
import type { Usage } from '#server/lib/usage.ts';
import { readingOf, type ShopService } from './service.ts';

const tags = ['shop'];

/**
 * Anyone may read the shop. A token is still checked when one is sent, as on every other read:
 * a dead one answers 401 so the client forgets it.
 */
async function reading(req: FastifyRequest) {
  const user = await optionalUser(req);
  return { ...readingOf(req.org, req.lang), userId: user?.id ?? null };
}

/**
 * The Mall and goods details, in the request's content language (Accept-Language). A goods page
 * read by someone signed in, and their "buy" tap, are counted for the console's insights
 * (lib/usage.ts): once a person a day, so nobody inflates them by reloading.
 */
export const shopRoutes: FastifyPluginAsyncZod<{ shop: ShopService; usage?: Usage }> = async (app, { shop, usage }) => {
  app.get('/goods', { schema: { tags, querystring: goodsListQuerySchema, response: answers(goodsCardPageSchema) } }, async (req) =>
    ok(await shop.list(await reading(req), req.query)),
  );

  app.get('/goods/categories', { schema: { tags, response: answers(goodsCategoryListSchema) } }, async (req) =>
    ok(await shop.categories(await reading(req))),
  );

  app.get('/goods/:id', { schema: { tags, params: idParamsSchema, response: answers(goodsSchema) } }, async (req) => {
    const read = await reading(req);
    const goods = await shop.get(read, req.params.id);
    if (read.userId !== null) usage?.record({ orgId: read.orgId, kind: 'goods_view', key: goods.id, userId: read.userId });
    return ok(goods);
  });

  // The web calls it when someone taps "buy" (the sale itself happens elsewhere): only visible goods count.
  app.post('/goods/:id/buy-taps', { schema: { tags, params: idParamsSchema, response: answers(emptySchema) } }, async (req) => {
    const who = await member(req);
    const goods = await shop.get(readingOf(req.org, req.lang), req.params.id);
    usage?.record({ orgId: who.orgId, kind: 'goods_buy', key: goods.id, userId: who.userId });
    return ok({});
  });
};
