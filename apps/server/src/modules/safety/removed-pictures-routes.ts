import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema, pageQuerySchema, pictureMatchSettingsSchema, removedPicturePageSchema } from '@padhub/contracts';
import { ok } from '#server/http/envelope.ts';
import { answers, emptySchema } from '#server/http/schemas.ts';
import { requireStaff } from '#server/http/staff.ts';
import type { RemovedPicturesService } from './removed-pictures-service.ts';

const tags = ['removed pictures'];

/**
 * The console's removed pictures, registered under /api/admin: moderators and admins read the
 * list (their removals make it); admins take entries off it and choose what a match does.
 */
export const removedPictureRoutes: FastifyPluginAsyncZod<{ removedPictures: RemovedPicturesService }> = async (app, { removedPictures }) => {
  app.get('/removed-pictures', { schema: { tags, querystring: pageQuerySchema, response: answers(removedPicturePageSchema) } }, async (req) =>
    ok(await removedPictures.list(await requireStaff(req), req.query)),
  );

  app.put('/removed-pictures/settings', { schema: { tags, body: pictureMatchSettingsSchema, response: answers(pictureMatchSettingsSchema) } }, async (req) =>
    ok(await removedPictures.setAction(await requireStaff(req, 'admin'), req.body.action)),
  );

  app.delete('/removed-pictures/:id', { schema: { tags, params: idParamsSchema, response: answers(emptySchema) } }, async (req) => {
    await removedPictures.forget(await requireStaff(req, 'admin'), req.params.id);
    return ok({});
  });
};
