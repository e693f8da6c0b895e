import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { newAccountRulesSchema, personTrustSchema, trustBodySchema, userIdParamsSchema } from '@padhub/contracts';
import { ok } from '#server/http/envelope.ts';
import { answers } from '#server/http/schemas.ts';
import { requireStaff } from '#server/http/staff.ts';
import type { NewAccountsService } from './new-accounts-service.ts';

const tags = ['new accounts'];

/**
 * The console's new-account limits and people's trust, registered under /api/admin: admins set the
 * limits; moderators and admins raise a person's trust (docs/moderation.md, "New accounts").
 */
export const newAccountRoutes: FastifyPluginAsyncZod<{ newAccounts: NewAccountsService }> = async (app, { newAccounts }) => {
  app.get('/new-accounts', { schema: { tags, response: answers(newAccountRulesSchema) } }, async (req) => ok(await newAccounts.rules(await requireStaff(req, 'admin'))));

  app.put('/new-accounts', { schema: { tags, body: newAccountRulesSchema, response: answers(newAccountRulesSchema) } }, async (req) =>
    ok(await newAccounts.setRules(await requireStaff(req, 'admin'), req.body)),
  );

  app.put('/users/:userId/trust', { schema: { tags, params: userIdParamsSchema, body: trustBodySchema, response: answers(personTrustSchema) } }, async (req) =>
    ok(await newAccounts.setTrust(await requireStaff(req), req.params.userId, req.body)),
  );
};
