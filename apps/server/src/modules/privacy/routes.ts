import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { configImportResultSchema, configImportSchema, dataExportListSchema, dataExportSchema, exportDownloadQuerySchema, idParamsSchema } from '@padhub/contracts';
import type { FastifyRequest } from 'fastify';
import { member, requireSession } from '#server/http/context.ts';
import { ok } from '#server/http/envelope.ts';
import { answers } from '#server/http/schemas.ts';
import { fail } from '#server/lib/errors.ts';
import type { PrivacyService } from './service.ts';

/** The signed-in person, banned or not: a ban does not take away a person's right to a copy of their data (docs/privacy.md). */
async function ownData(req: FastifyRequest) {
  const session = await requireSession(req);
  if (!session) throw fail('login_required');
  return { orgId: req.org.id, userId: session.id, ip: req.ip };
}

/** Your data (docs/privacy.md): the person's own archives and imports. */
export const privacyRoutes: FastifyPluginAsyncZod<{ privacy: PrivacyService }> = async (app, { privacy }) => {
  const tags = ['privacy'];
  app.post('/me/export', { schema: { tags, response: answers(dataExportSchema) } }, async (req) => ok(await privacy.ask(await ownData(req), req.lang)));

  app.get('/me/exports', { schema: { tags, response: answers(dataExportListSchema) } }, async (req) => ok({ items: await privacy.list(await ownData(req)) }));

  app.post('/me/configs/import', { schema: { tags, body: configImportSchema, response: answers(configImportResultSchema) } }, async (req) =>
    ok(await privacy.importConfigs(await member(req), req.org, req.body)),
  );
};

/**
 * The signed download link of an archive (`url` in `GET /api/me/exports`): a browser following it
 * sends neither the organisation's header nor the token, so the link's key is the permission.
 */
export const archiveDownloadRoutes: FastifyPluginAsyncZod<{ privacy: PrivacyService }> = async (app, { privacy }) => {
  app.get('/exports/:id/archive', { schema: { tags: ['privacy'], params: idParamsSchema, querystring: exportDownloadQuerySchema } }, async (req, reply) => {
    const archive = await privacy.download(req.params.id, req.query.key);
    return reply
      .header('content-type', 'application/zip')
      .header('content-length', archive.size)
      .header('content-disposition', `attachment; filename="padhub-data-${req.params.id}.zip"`)
      .header('cache-control', 'private, no-store')
      .send(archive.body);
  });
};
