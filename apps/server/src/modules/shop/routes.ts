import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { goodsCardPageSchema, goodsCategoryListSchema, goodsListQuerySchema, goodsSchema, idParamsSchema } from '@padhub/contracts';
import { optionalUser } from '#server/http/context.ts';
import { ok } from '#server/http/envelope.ts';
import { answers } from '#server/http/schemas.ts';
import { readingOf, type ShopService } from './service.ts';

const tags = ['shop'];

/**
 * Anyone may read the shop. A token is still checked when one is sent, as on every other read:
 * a dead one answers 401 so the client forgets it.
 */
async function reading(req: FastifyRequest) {
  await optionalUser(req);
  return readingOf(req.org, req.lang);
}

/** The Mall and goods details, in the request's content language (Accept-Language). */
export const shopRoutes: FastifyPluginAsyncZod<{ shop: ShopService }> = async (app, { shop }) => {
  app.get('/goods', { schema: { tags, querystring: goodsListQuerySchema, response: answers(goodsCardPageSchema) } }, async (req) =>
    ok(await shop.list(await reading(req), req.query)),
  );

  app.get('/goods/categories', { schema: { tags, response: answers(goodsCategoryListSchema) } }, async (req) =>
    ok(await shop.categories(await reading(req))),
  );

  app.get('/goods/:id', { schema: { tags, params: idParamsSchema, response: answers(goodsSchema) } }, async (req) =>
    ok(await shop.get(await reading(req), req.params.id)),
  );
};
