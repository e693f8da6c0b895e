import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { organisationSchema } from '@padhub/contracts';
import { ok } from '#server/http/envelope.ts';
import { answers } from '#server/http/schemas.ts';
import type { ObjectStore } from '#server/storage/object-store.ts';

/**
 * The organisation of the request: its name, languages, currency, controller models (feed filter,
 * configurations), and where the client reads stored media from (`<mediaBaseUrl>/<path>`).
 */
export const organisationRoutes: FastifyPluginAsyncZod<{ store: ObjectStore }> = async (app, { store }) => {
  app.get('/organisation', { schema: { tags: ['organisations'], response: answers(organisationSchema) } }, async (req) => {
    // The embedded store answers for the host the client reached us at, as the upload credentials do.
    const mediaBaseUrl = store.publicUrl('', `${req.protocol}://${req.host}`).replace(/\/+$/, '');
    return ok({ ...req.org, mediaBaseUrl });
  });
};
