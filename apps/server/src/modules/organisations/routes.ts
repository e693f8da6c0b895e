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
  app.get('/organisation', { schema: { tags: ['organisations'], response: answers(organisationSchema) } }, async (req, reply) => {
    // The embedded store answers at this server's public origin (http/public-origin.ts), as the upload credentials do.
    const mediaBaseUrl = store.publicUrl('', req.publicOrigin).replace(/\/+$/, '');
    // An organisation changes rarely: a phone may reuse it for a few minutes, then asks again (ETag: 304).
    // It differs by the organisation asked for and the language; never shared between people.
    reply.header('cache-control', 'private, max-age=300').header('vary', 'accorgid, accept-language');
    return ok({ ...req.org, mediaBaseUrl });
  });
};
