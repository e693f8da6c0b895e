import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createPostSchema, editPostSchema, headers, idParamsSchema, postSchema } from '@padhub/contracts';
import { requireUser } from '#server/http/context.ts';
import { ok } from '#server/http/envelope.ts';
import { answers } from '#server/http/schemas.ts';
import type { PostingService } from './service.ts';

export const postingRoutes: FastifyPluginAsyncZod<{ posting: PostingService }> = async (app, { posting }) => {
  app.post(
    '/posts',
    {
      schema: {
        tags: ['community'],
        description:
          'Creates a post. The `Idempotency-Key` header (a UUID-like key, one per post the person means to send) is required: a repeat answers the first post, the same key with another body is refused (42220, its `data.postId` naming the post the key made).',
        body: createPostSchema,
        response: answers(postSchema),
      },
    },
    async (req) => {
      const user = await requireUser(req);
      const key = req.headers[headers.idempotencyKey];
      return ok(await posting.create({ org: req.org, userId: user.id, ip: req.ip, lang: req.lang }, Array.isArray(key) ? key[0] : key, req.body));
    },
  );

  app.patch(
    '/posts/:id',
    {
      schema: {
        tags: ['community'],
        description:
          "The author edits their post: the whole new version, with a new post's limits and checks, and an `Idempotency-Key` as `POST /api/posts`. Likes and comments stay. Under pre-moderation the edit of a passed post waits for review (the author sees it as `pendingEdit`) while the passed version stays visible.",
        params: idParamsSchema,
        body: editPostSchema,
        response: answers(postSchema),
      },
    },
    async (req) => {
      const user = await requireUser(req);
      const key = req.headers[headers.idempotencyKey];
      const author = { org: req.org, userId: user.id, ip: req.ip, lang: req.lang };
      return ok(await posting.edit(author, req.params.id, Array.isArray(key) ? key[0] : key, req.body));
    },
  );
};
