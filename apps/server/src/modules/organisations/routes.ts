import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { organisationSchema } from '@padhub/contracts';
import { ok } from '../../http/envelope.ts';
import { answers } from '../../http/schemas.ts';

/** The organisation of the request: its name, languages, currency and controller models (feed filter, configurations). */
export const organisationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/organisation', { schema: { tags: ['organisations'], response: answers(organisationSchema) } }, async (req) => ok(req.org));
};
