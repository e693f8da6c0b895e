import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  followPageSchema,
  followStateSchema,
  pageQuerySchema,
  postPageSchema,
  sharedConfigPageSchema,
  profileSchema,
  updateMeSchema,
  avatarInputSchema,
  profileParamsSchema,
  profileNameParamsSchema,
  mentionSearchQuerySchema,
  userSearchSchema,
} from '@padhub/contracts';
import { member, reader } from '#server/http/context.ts';
import { ok } from '#server/http/envelope.ts';
import { answers } from '#server/http/schemas.ts';
import type { AvatarService } from './avatar.ts';
import type { PeopleService } from './service.ts';

const tags = ['people'];

export const peopleRoutes: FastifyPluginAsyncZod<{ people: PeopleService; avatars: AvatarService }> = async (app, { people, avatars }) => {
  app.get('/users', { schema: { tags, querystring: mentionSearchQuerySchema, response: answers(userSearchSchema) } }, async (req) =>
    ok(await people.search(await member(req), req.query.q)),
  );

  app.get('/users/:id', { schema: { tags, params: profileParamsSchema, response: answers(profileSchema) } }, async (req) =>
    ok(await people.profile(await reader(req), req.params.id)),
  );

  app.get('/users/named/:username', { schema: { tags, params: profileNameParamsSchema, response: answers(profileSchema) } }, async (req) =>
    ok(await people.profileNamed(await reader(req), req.params.username)),
  );

  app.get('/users/:id/posts', { schema: { tags, params: profileParamsSchema, querystring: pageQuerySchema, response: answers(postPageSchema) } }, async (req) =>
    ok(await people.posts(await reader(req), req.params.id, req.query)),
  );

  app.get(
    '/users/:id/configs',
    { schema: { tags, params: profileParamsSchema, querystring: pageQuerySchema, response: answers(sharedConfigPageSchema) } },
    async (req) => ok(await people.configs(await reader(req), req.params.id, req.query)),
  );

  for (const direction of ['followers', 'following'] as const) {
    app.get(
      `/users/:id/${direction}`,
      { schema: { tags, params: profileParamsSchema, querystring: pageQuerySchema, response: answers(followPageSchema) } },
      async (req) => ok(await people.list(await reader(req), direction, req.params.id, req.query)),
    );
  }

  for (const [method, on] of [['PUT', true], ['DELETE', false]] as const) {
    app.route({
      method,
      url: '/users/:id/follow',
      schema: { tags, params: profileParamsSchema, response: answers(followStateSchema) },
      handler: async (req) => ok(await people.follow(await member(req), req.params.id, on)),
    });
  }

  app.patch('/me', { schema: { tags, body: updateMeSchema, response: answers(profileSchema) } }, async (req) =>
    ok(await people.updateMe(await member(req), req.body)),
  );

  app.put('/me/avatar', { schema: { tags, body: avatarInputSchema, response: answers(profileSchema) } }, async (req) => {
    const viewer = await member(req);
    await avatars.set(viewer, req.body);
    return ok(await people.profile(viewer, viewer.userId));
  });

  app.delete('/me/avatar', { schema: { tags, response: answers(profileSchema) } }, async (req) => {
    const viewer = await member(req);
    await avatars.remove(viewer);
    return ok(await people.profile(viewer, viewer.userId));
  });
};
