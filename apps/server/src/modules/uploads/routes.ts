import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { storageCredentialsSchema } from '@padhub/contracts';
import { requireUser } from '#server/http/context.ts';
import { ok } from '#server/http/envelope.ts';
import { answers } from '#server/http/schemas.ts';
import type { UploadsService } from './service.ts';

export const uploadRoutes: FastifyPluginAsyncZod<{ uploads: UploadsService }> = async (app, { uploads }) => {
  app.get('/external/authorization', { schema: { tags: ['uploads'], response: answers(storageCredentialsSchema) } }, async (req, reply) => {
    const user = await requireUser(req);
    // Secrets: no cache (browser or proxy) may keep them.
    reply.header('cache-control', 'no-store');
    return ok(await uploads.credentials(user, req.publicOrigin, req.ip));
  });
};
