import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  blacklistStateSchema,
  blockStateSchema,
  createReportSchema,
  listedUserPageSchema,
  myReportPageSchema,
  pageQuerySchema,
  reportSchema,
  userIdParamsSchema,
} from '@padhub/contracts';
import { idempotencyKey, member } from '#server/http/context.ts';
import { ok } from '#server/http/envelope.ts';
import { IDEMPOTENT, answers } from '#server/http/schemas.ts';
import type { SafetyService } from './service.ts';

const tags = ['safety'];

export const safetyRoutes: FastifyPluginAsyncZod<{ safety: SafetyService }> = async (app, { safety }) => {
  app.post('/reports', { schema: { tags, description: IDEMPOTENT, body: createReportSchema, response: answers(reportSchema) } }, async (req) =>
    ok(await safety.report(await member(req), req.body, idempotencyKey(req))),
  );

  app.get('/me/reports', { schema: { tags, querystring: pageQuerySchema, response: answers(myReportPageSchema) } }, async (req) =>
    ok(await safety.myReports(await member(req), req.query)),
  );

  for (const [method, on] of [['PUT', true], ['DELETE', false]] as const) {
    app.route({
      method,
      url: '/blocks/:userId',
      schema: { tags, params: userIdParamsSchema, response: answers(blockStateSchema) },
      handler: async (req) => {
        await safety.setListed(await member(req), 'block', req.params.userId, on);
        return ok({ blocked: on });
      },
    });
    app.route({
      method,
      url: '/blacklist/:userId',
      schema: { tags, params: userIdParamsSchema, response: answers(blacklistStateSchema) },
      handler: async (req) => {
        await safety.setListed(await member(req), 'blacklist', req.params.userId, on);
        return ok({ blacklisted: on });
      },
    });
  }

  app.get('/me/blocks', { schema: { tags, querystring: pageQuerySchema, response: answers(listedUserPageSchema) } }, async (req) =>
    ok(await safety.listed(await member(req), 'block', req.query)),
  );

  app.get('/me/blacklist', { schema: { tags, querystring: pageQuerySchema, response: answers(listedUserPageSchema) } }, async (req) =>
    ok(await safety.listed(await member(req), 'blacklist', req.query)),
  );
};
