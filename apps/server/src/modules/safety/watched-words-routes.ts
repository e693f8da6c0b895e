import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  idParamsSchema,
  watchedWordBodySchema,
  watchedWordImportResultSchema,
  watchedWordImportSchema,
  watchedWordListSchema,
  watchedWordSchema,
  watchedWordTestResultSchema,
  watchedWordTestSchema,
} from '@padhub/contracts';
import { ok } from '#server/http/envelope.ts';
import { answers, emptySchema } from '#server/http/schemas.ts';
import { requireStaff } from '#server/http/staff.ts';
import type { WatchedWordsService } from './watched-words-service.ts';

const tags = ['watched words'];

/** The console's watched words, registered under /api/admin: the organisation's admins only. */
export const watchedWordRoutes: FastifyPluginAsyncZod<{ watchedWords: WatchedWordsService }> = async (app, { watchedWords }) => {
  const admin = (req: Parameters<typeof requireStaff>[0]) => requireStaff(req, 'admin');

  app.get('/watched-words', { schema: { tags, response: answers(watchedWordListSchema) } }, async (req) => ok(await watchedWords.list(await admin(req))));

  app.post('/watched-words', { schema: { tags, body: watchedWordBodySchema, response: answers(watchedWordSchema) } }, async (req) =>
    ok(await watchedWords.add(await admin(req), req.body)),
  );

  app.post('/watched-words/import', { schema: { tags, body: watchedWordImportSchema, response: answers(watchedWordImportResultSchema) } }, async (req) =>
    ok(await watchedWords.import(await admin(req), req.body)),
  );

  app.post('/watched-words/test', { schema: { tags, body: watchedWordTestSchema, response: answers(watchedWordTestResultSchema) } }, async (req) =>
    ok(await watchedWords.test(await admin(req), req.body.text)),
  );

  app.put('/watched-words/:id', { schema: { tags, params: idParamsSchema, body: watchedWordBodySchema, response: answers(watchedWordSchema) } }, async (req) =>
    ok(await watchedWords.update(await admin(req), req.params.id, req.body)),
  );

  app.delete('/watched-words/:id', { schema: { tags, params: idParamsSchema, response: answers(emptySchema) } }, async (req) => {
    await watchedWords.remove(await admin(req), req.params.id);
    return ok({});
  });
};
