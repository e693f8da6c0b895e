import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  applyStateSchema,
  configCardListSchema,
  configCardPageSchema,
  configInputSchema,
  configListQuerySchema,
  configSchema,
  idParamsSchema,
  pageQuerySchema,
  postPageSchema,
} from '@padhub/contracts';
import { idempotencyKey, member, reader } from '#server/http/context.ts';
import { ok } from '#server/http/envelope.ts';
import { IDEMPOTENT, answers, emptySchema } from '#server/http/schemas.ts';
import type { ConfigsService } from './service.ts';

const tags = ['configurations'];

/**
 * Configurations: the person's library (the native app saves to it with the person's token, see
 * docs/bridge.md), reading one from a post, saving a copy, counting applies, the posts that carry one.
 */
export const configRoutes: FastifyPluginAsyncZod<{ configs: ConfigsService }> = async (app, { configs }) => {
  app.get('/configs', { schema: { tags, querystring: configListQuerySchema, response: answers(configCardPageSchema) } }, async (req) =>
    ok(await configs.mine(await member(req), req.query)),
  );

  app.post('/configs', { schema: { tags, description: IDEMPOTENT, body: configInputSchema, response: answers(configSchema) } }, async (req) =>
    ok(await configs.create(await member(req), req.org, req.body, idempotencyKey(req))),
  );

  app.get('/configs/:id', { schema: { tags, params: idParamsSchema, response: answers(configSchema) } }, async (req) =>
    ok(await configs.get(await reader(req), req.params.id)),
  );

  app.put('/configs/:id', { schema: { tags, params: idParamsSchema, body: configInputSchema, response: answers(configSchema) } }, async (req) =>
    ok(await configs.update(await member(req), req.params.id, req.body)),
  );

  app.delete('/configs/:id', { schema: { tags, params: idParamsSchema, response: answers(emptySchema) } }, async (req) => {
    await configs.remove(await member(req), req.params.id);
    return ok({});
  });

  app.post('/configs/:id/copies', { schema: { tags, description: IDEMPOTENT, params: idParamsSchema, response: answers(configSchema) } }, async (req) =>
    ok(await configs.saveCopy(await member(req), req.params.id, idempotencyKey(req))),
  );

  app.post('/configs/:id/applies', { schema: { tags, params: idParamsSchema, response: answers(applyStateSchema) } }, async (req) =>
    ok(await configs.apply(await member(req), req.params.id)),
  );

  app.get(
    '/configs/:id/posts',
    { schema: { tags, params: idParamsSchema, querystring: pageQuerySchema, response: answers(postPageSchema) } },
    async (req) => ok(await configs.postsCarrying(await reader(req), req.params.id, req.query)),
  );

  // The cards of a post's configurations, apart from the post itself: see docs/bridge.md.
  app.get('/posts/:id/configs', { schema: { tags, params: idParamsSchema, response: answers(configCardListSchema) } }, async (req) =>
    ok(await configs.ofPost(await reader(req), req.params.id)),
  );
};
