import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  configCardPageSchema,
  configLikeStateSchema,
  gameListSchema,
  gameQuerySchema,
  gameSchema,
  idParamsSchema,
  mergeGameSchema,
  pageQuerySchema,
  sharedConfigPageSchema,
  sharedConfigQuerySchema,
  updateGameSchema,
} from '@padhub/contracts';
import { member, reader } from '#server/http/context.ts';
import { ok } from '#server/http/envelope.ts';
import { answers } from '#server/http/schemas.ts';
import { requireStaff } from '#server/http/staff.ts';
import type { GamesService } from './games-service.ts';
import type { HubService } from './hub-service.ts';

const tags = ['configurations'];

/** The configuration hub, likes on configurations, their copies, and the games they name. */
export const hubRoutes: FastifyPluginAsyncZod<{ hub: HubService; games: GamesService }> = async (app, { hub, games }) => {
  app.get('/configs/shared', { schema: { tags, querystring: sharedConfigQuerySchema, response: answers(sharedConfigPageSchema) } }, async (req) =>
    ok(await hub.shared(await reader(req), req.query, req.lang)),
  );

  app.put('/configs/:id/like', { schema: { tags, params: idParamsSchema, response: answers(configLikeStateSchema) } }, async (req) =>
    ok(await hub.like(await member(req), req.params.id, true)),
  );

  app.delete('/configs/:id/like', { schema: { tags, params: idParamsSchema, response: answers(configLikeStateSchema) } }, async (req) =>
    ok(await hub.like(await member(req), req.params.id, false)),
  );

  app.get(
    '/configs/:id/copies',
    { schema: { tags, params: idParamsSchema, querystring: pageQuerySchema, response: answers(configCardPageSchema) } },
    async (req) => ok(await hub.copies(await reader(req), req.params.id, req.query)),
  );

  app.get('/games', { schema: { tags, querystring: gameQuerySchema, response: answers(gameListSchema) } }, async (req) =>
    ok(await games.suggest(req.org.id, req.query)),
  );
};

/** The console's games, registered under /api/admin: the organisation's admins only. */
export const gameAdminRoutes: FastifyPluginAsyncZod<{ games: GamesService }> = async (app, { games }) => {
  const adminTags = ['configurations admin'];
  app.put('/games/:id', { schema: { tags: adminTags, params: idParamsSchema, body: updateGameSchema, response: answers(gameSchema) } }, async (req) =>
    ok(await games.update(await requireStaff(req, 'admin'), req.params.id, req.body)),
  );

  app.post(
    '/games/:id/merge',
    { schema: { tags: adminTags, params: idParamsSchema, body: mergeGameSchema, response: answers(gameSchema) } },
    async (req) => ok(await games.merge(await requireStaff(req, 'admin'), req.params.id, req.body.into)),
  );
};
