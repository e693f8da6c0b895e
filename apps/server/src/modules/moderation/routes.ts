import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  auditPageSchema,
  auditQuerySchema,
  banBodySchema,
  dismissBodySchema,
  heldCommentPageSchema,
  idParamsSchema,
  moderatedUserPageSchema,
  moderationCasePageSchema,
  moderationPostPageSchema,
  moderationResultSchema,
  pageQuerySchema,
  reasonBodySchema,
  reviewBodySchema,
  revisionsSchema,
  roleBodySchema,
  userIdParamsSchema,
  userSearchQuerySchema,
} from '@padhub/contracts';
import { ok } from '#server/http/envelope.ts';
import { answers } from '#server/http/schemas.ts';
import type { ActionsService } from './actions-service.ts';
import type { QueuesService } from './queues-service.ts';
import { requireStaff } from '#server/http/staff.ts';

interface Deps {
  queues: QueuesService;
  actions: ActionsService;
}

const tags = ['moderation'];
const result = answers(moderationResultSchema);

/** The console's calls, registered under /api/admin. */
export const moderationRoutes: FastifyPluginAsyncZod<Deps> = async (app, { queues, actions }) => {
  // Every call of this scope, present and future, is refused to anyone but this organisation's
  // moderators and admins, before its input is even read.
  app.addHook('onRequest', async (req) => {
    await requireStaff(req);
  });

  app.get('/comments/:id/revisions', { schema: { tags, params: idParamsSchema, response: answers(revisionsSchema) } }, async (req) =>
    ok(await queues.commentRevisions(await requireStaff(req), req.params.id)),
  );

  app.get('/reports', { schema: { tags, querystring: pageQuerySchema, response: answers(moderationCasePageSchema) } }, async (req) =>
    ok(await queues.cases(await requireStaff(req), req.query)),
  );

  app.post('/reports/dismiss', { schema: { tags, body: dismissBodySchema, response: result } }, async (req) =>
    ok(await actions.dismiss(await requireStaff(req), req.body)),
  );

  app.get('/posts/pending', { schema: { tags, querystring: pageQuerySchema, response: answers(moderationPostPageSchema) } }, async (req) =>
    ok(await queues.pending(await requireStaff(req), req.query)),
  );

  app.get('/posts/:id/revisions', { schema: { tags, params: idParamsSchema, response: answers(revisionsSchema) } }, async (req) =>
    ok(await queues.postRevisions(await requireStaff(req), req.params.id)),
  );

  app.post('/posts/:id/pass', { schema: { tags, params: idParamsSchema, body: reviewBodySchema, response: result } }, async (req) =>
    ok(await actions.review(await requireStaff(req), req.params.id, 'passed', req.body.reason, req.body.edit)),
  );

  app.post('/posts/:id/not-pass', { schema: { tags, params: idParamsSchema, body: reviewBodySchema, response: result } }, async (req) =>
    ok(await actions.review(await requireStaff(req), req.params.id, 'not_passed', req.body.reason, req.body.edit, req.lang)),
  );

  app.post('/posts/:id/delete', { schema: { tags, params: idParamsSchema, body: reasonBodySchema, response: result } }, async (req) =>
    ok(await actions.deletePost(await requireStaff(req), req.params.id, req.body.reason)),
  );

  app.get('/comments/held', { schema: { tags, querystring: pageQuerySchema, response: answers(heldCommentPageSchema) } }, async (req) =>
    ok(await queues.heldComments(await requireStaff(req), req.query)),
  );

  app.post('/comments/:id/pass', { schema: { tags, params: idParamsSchema, body: reasonBodySchema, response: result } }, async (req) =>
    ok(await actions.reviewComment(await requireStaff(req), req.params.id, 'passed', req.body.reason)),
  );

  app.post('/comments/:id/not-pass', { schema: { tags, params: idParamsSchema, body: reasonBodySchema, response: result } }, async (req) =>
    ok(await actions.reviewComment(await requireStaff(req), req.params.id, 'not_passed', req.body.reason)),
  );

  app.post('/comments/:id/delete', { schema: { tags, params: idParamsSchema, body: reasonBodySchema, response: result } }, async (req) =>
    ok(await actions.deleteComment(await requireStaff(req), req.params.id, req.body.reason)),
  );

  app.get('/users', { schema: { tags, querystring: userSearchQuerySchema, response: answers(moderatedUserPageSchema) } }, async (req) =>
    ok(await queues.users(await requireStaff(req), req.query)),
  );

  app.post('/users/:userId/ban', { schema: { tags, params: userIdParamsSchema, body: banBodySchema, response: result } }, async (req) =>
    ok(await actions.ban(await requireStaff(req), req.params.userId, req.body)),
  );

  app.post('/users/:userId/unban', { schema: { tags, params: userIdParamsSchema, body: reasonBodySchema, response: result } }, async (req) =>
    ok(await actions.unban(await requireStaff(req), req.params.userId, req.body.reason)),
  );

  app.put('/users/:userId/role', { schema: { tags, params: userIdParamsSchema, body: roleBodySchema, response: result } }, async (req) =>
    ok(await actions.setRole(await requireStaff(req, 'admin'), req.params.userId, req.body)),
  );

  app.get('/audit', { schema: { tags, querystring: auditQuerySchema, response: answers(auditPageSchema) } }, async (req) =>
    ok(await queues.audit(await requireStaff(req), req.query)),
  );
};
