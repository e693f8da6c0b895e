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
import type { Usage } from '#server/lib/usage.ts';
import type { ConfigsService } from './service.ts';

const tags = ['configurations'];

/**
 * Configurations: the person's library (the native app saves to it with the person's token, see
 * docs/bridge.md), reading one from a post, saving a copy, counting applies, the posts that carry one.
 * Opening one and undoing an apply are told to the console's insights (lib/usage.ts, the apply funnel).
 */
export const configRoutes: FastifyPluginAsyncZod<{ configs: ConfigsService; usage?: Usage }> = async (app, { configs, usage }) => {
  app.get('/configs', { schema: { tags, querystring: configListQuerySchema, response: answers(configCardPageSchema) } }, async (req) =>
    ok(await configs.mine(await member(req), req.query)),
  );

  app.post('/configs', { schema: { tags, description: IDEMPOTENT, body: configInputSchema, response: answers(configSchema) } }, async (req) =>
    ok(await configs.create(await member(req), req.org, req.body, idempotencyKey(req))),
  );

  app.get('/configs/:id', { schema: { tags, params: idParamsSchema, response: answers(configSchema) } }, async (req) => {
    const viewer = await reader(req);
    const config = await configs.get(viewer, req.params.id);
    if (viewer.userId !== null) usage?.record({ orgId: viewer.orgId, kind: 'config_open', key: config.id, userId: viewer.userId });
    return ok(config);
  });

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

  // The web's Undo after applying (the host put back what the controller had): the funnel's "kept" leaves it out.
  app.post('/configs/:id/undo-apply', { schema: { tags, params: idParamsSchema, response: answers(emptySchema) } }, async (req) => {
    const viewer = await member(req);
    const id = await configs.undoApply(viewer, req.params.id);
    usage?.record({ orgId: viewer.orgId, kind: 'config_undo', key: id, userId: viewer.userId });
    return ok({});
  });

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
