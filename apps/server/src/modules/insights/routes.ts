import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { insightsParamsSchema, insightsQuerySchema, insightsSchema } from '@padhub/contracts';
import { ok } from '#server/http/envelope.ts';
import { answers } from '#server/http/schemas.ts';
import { requireStaff } from '#server/http/staff.ts';
import type { InsightsService } from './service.ts';

/** The console's insights, registered under /api/admin: this organisation's moderators and admins only. */
export const insightsRoutes: FastifyPluginAsyncZod<{ insights: InsightsService }> = async (app, { insights }) => {
  // Refused to anyone else before the input is read, as the rest of the console (moderation/routes.ts).
  app.addHook('onRequest', async (req) => {
    await requireStaff(req);
  });
  app.get(
    '/insights/:group',
    { schema: { tags: ['insights'], params: insightsParamsSchema, querystring: insightsQuerySchema, response: answers(insightsSchema) } },
    async (req) => ok(await insights.group(await requireStaff(req), req.params.group, req.query.range, req.lang)),
  );
};
