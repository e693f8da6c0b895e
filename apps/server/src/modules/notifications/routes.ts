import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  markReadSchema,
  notificationPageSchema,
  notificationQuerySchema,
  notificationSettingsInputSchema,
  notificationSettingsSchema,
  unreadCountSchema,
} from '@padhub/contracts';
import { requireUser } from '#server/http/context.ts';
import { ok } from '#server/http/envelope.ts';
import { answers, emptySchema } from '#server/http/schemas.ts';
import type { NotificationsService } from './service.ts';

const tags = ['notifications'];

/** One's own inbox and switches only: every route reads the signed-in person, never an id from the request. */
export const notificationRoutes: FastifyPluginAsyncZod<{ notifications: NotificationsService }> = async (app, { notifications }) => {
  app.get('/notifications', { schema: { tags, querystring: notificationQuerySchema, response: answers(notificationPageSchema) } }, async (req) =>
    ok(await notifications.list(await requireUser(req), req.query)),
  );

  app.get('/notifications/unread', { schema: { tags, response: answers(unreadCountSchema) } }, async (req) =>
    ok({ count: await notifications.unread(await requireUser(req)) }),
  );

  app.post('/notifications/read', { schema: { tags, body: markReadSchema, response: answers(emptySchema) } }, async (req) => {
    await notifications.markRead(req.org.id, (await requireUser(req)).id, req.body);
    return ok({});
  });

  app.get('/me/notification-settings', { schema: { tags, response: answers(notificationSettingsSchema) } }, async (req) =>
    ok(await notifications.settings((await requireUser(req)).id)),
  );

  app.put('/me/notification-settings', { schema: { tags, body: notificationSettingsInputSchema, response: answers(notificationSettingsSchema) } }, async (req) =>
    ok(await notifications.saveSettings((await requireUser(req)).id, req.body)),
  );
};
