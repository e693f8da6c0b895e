import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import {
  credentialsSchema,
  meSchema,
  passwordChangeSchema,
  registerSchema,
  revokedSchema,
  sessionIdParamsSchema,
  sessionListSchema,
  sessionSchema,
} from '@padhub/contracts';
import { requireSession, requireUser } from '#server/http/context.ts';
import { ok } from '#server/http/envelope.ts';
import { fail } from '#server/lib/errors.ts';
import { answers, emptySchema } from '#server/http/schemas.ts';
import type { AccountsService, LoginOrigin } from './service.ts';

const origin = (req: FastifyRequest): LoginOrigin => ({ ip: req.ip, userAgent: req.headers['user-agent'] });

/**
 * The signed-in person's own session, banned or not: ending sessions, changing the password and
 * deregistering change nothing of anyone else's, and a ban must not keep someone from securing or
 * erasing their own account.
 */
async function ownSession(req: FastifyRequest) {
  const session = await requireSession(req);
  if (!session) throw fail('login_required');
  return session;
}

export const accountRoutes: FastifyPluginAsyncZod<{ accounts: AccountsService }> = async (app, { accounts }) => {
  const tags = ['accounts'];
  app.post('/auth/register', { schema: { tags, body: registerSchema, response: answers(sessionSchema) } }, async (req) =>
    ok(await accounts.register(req.org.id, req.body, origin(req))),
  );

  app.post('/auth/login', { schema: { tags, body: credentialsSchema, response: answers(sessionSchema) } }, async (req) =>
    ok(await accounts.login(req.org.id, req.body, origin(req))),
  );

  app.post('/auth/logout', { schema: { tags, response: answers(emptySchema) } }, async (req) => {
    await accounts.logout(await ownSession(req));
    return ok({});
  });

  app.get('/me', { schema: { tags, response: answers(meSchema) } }, async (req) => {
    const { tokenHash: _, ban: __, ...me } = await requireUser(req);
    return ok(me);
  });

  app.delete('/me', { schema: { tags, response: answers(emptySchema) } }, async (req) => {
    await accounts.deregister(await ownSession(req));
    return ok({});
  });

  app.get('/me/sessions', { schema: { tags, response: answers(sessionListSchema) } }, async (req) =>
    ok({ items: await accounts.sessions(await ownSession(req)) }),
  );

  app.delete('/me/sessions/:id', { schema: { tags, params: sessionIdParamsSchema, response: answers(emptySchema) } }, async (req) => {
    await accounts.revokeSession(await ownSession(req), req.params.id);
    return ok({});
  });

  app.delete('/me/sessions', { schema: { tags, response: answers(revokedSchema) } }, async (req) =>
    ok(await accounts.revokeOtherSessions(await ownSession(req))),
  );

  app.post('/me/password', { schema: { tags, body: passwordChangeSchema, response: answers(revokedSchema) } }, async (req) =>
    ok(await accounts.changePassword(await ownSession(req), req.body)),
  );
};
