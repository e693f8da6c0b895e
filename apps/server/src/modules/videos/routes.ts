import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema, mediaSchema } from '@padhub/contracts';
import { requireUser } from '#server/http/context.ts';
import { ok } from '#server/http/envelope.ts';
import { answers } from '#server/http/schemas.ts';
import type { VideoService } from './service.ts';

export const videoRoutes: FastifyPluginAsyncZod<{ videos: VideoService }> = async (app, { videos }) => {
  app.post(
    '/posts/:id/video/retry',
    {
      schema: {
        tags: ['community'],
        description:
          "The author's \"try again\" on their post's failed video: it is processed again from the start (`status` back to `processing`). Answers the video's media item. 409 `video_not_failed` when it is processing or ready.",
        params: idParamsSchema,
        response: answers(mediaSchema),
      },
    },
    async (req) => {
      const user = await requireUser(req);
      return ok(await videos.retry({ orgId: req.org.id, userId: user.id }, req.params.id));
    },
  );
};
