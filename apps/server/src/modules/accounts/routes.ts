import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { credentialsSchema, meSchema, registerSchema, sessionSchema } from '@padhub/contracts';
import { requireSession, requireUser } from '#server/http/context.ts';
import { ok } from '#server/http/envelope.ts';
import { fail } from '#server/http/errors.ts';
import { answers, emptySchema } from '#server/http/schemas.ts';
import type { AccountsService } from './service.ts';

export const accountRoutes: FastifyPluginAsyncZod<{ accounts: AccountsService }> = async (app, { accounts }) => {
  app.post('/auth/register', { schema: { tags: ['accounts'], body: registerSchema, response: answers(sessionSchema) } }, async (req) =>
    ok(await accounts.register(req.org.id, req.body, req.ip)),
  );

  app.post('/auth/login', { schema: { tags: ['accounts'], body: credentialsSchema, response: answers(sessionSchema) } }, async (req) =>
    ok(await accounts.login(req.org.id, req.body, req.ip)),
  );

  app.post('/auth/logout', { schema: { tags: ['accounts'], response: answers(emptySchema) } }, async (req) => {
    // A banned person may still end their session: that changes nothing of anyone's.
    const session = await requireSession(req);
    if (!session) throw fail('login_required');
    await accounts.logout(session);
    return ok({});
  });

  app.get('/me', { schema: { tags: ['accounts'], response: answers(meSchema) } }, async (req) => {
    const { tokenHash: _, ban: __, ...me } = await requireUser(req);
    return ok(me);
  });

  app.delete('/me', { schema: { tags: ['accounts'], response: answers(emptySchema) } }, async (req) => {
    await accounts.deregister(await requireUser(req));
    return ok({});
  });
};
