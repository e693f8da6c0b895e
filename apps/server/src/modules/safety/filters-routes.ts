import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { filterBodySchema, filterListSchema, filterSchema, idParamsSchema } from '@padhub/contracts';
import { member } from '#server/http/context.ts';
import { ok } from '#server/http/envelope.ts';
import { answers, emptySchema } from '#server/http/schemas.ts';
import type { FiltersService } from './filters-service.ts';

const tags = ['filters'];

/** A person's own filters (docs/moderation.md, "Personal filters"): each person reads and changes only theirs. */
export const filterRoutes: FastifyPluginAsyncZod<{ filters: FiltersService }> = async (app, { filters }) => {
  app.get('/me/filters', { schema: { tags, response: answers(filterListSchema) } }, async (req) => ok(await filters.list(await member(req))));

  app.post('/me/filters', { schema: { tags, body: filterBodySchema, response: answers(filterSchema) } }, async (req) =>
    ok(await filters.add(await member(req), req.body)),
  );

  app.put('/me/filters/:id', { schema: { tags, params: idParamsSchema, body: filterBodySchema, response: answers(filterSchema) } }, async (req) =>
    ok(await filters.update(await member(req), req.params.id, req.body)),
  );

  app.delete('/me/filters/:id', { schema: { tags, params: idParamsSchema, response: answers(emptySchema) } }, async (req) => {
    await filters.remove(await member(req), req.params.id);
    return ok({});
  });
};
