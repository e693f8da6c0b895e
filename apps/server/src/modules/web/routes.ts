import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';

export const APP_HOME = '/app/community/index';

/**
 * Serves the built web app under /app/. Hashed assets are cached for a year; index.html never, so
 * a new release reaches phones at the next start. Unknown paths under /app/ get index.html: the
 * client router owns them (history fallback).
 */
export async function webRoutes(app: FastifyInstance, { webDist }: { webDist: string }) {
  app.get('/', (_req, reply) => reply.redirect(APP_HOME));
  const index = path.join(webDist, 'index.html');
  if (!existsSync(index)) {
    app.log.warn({ webDist }, 'web app not built; run `npm run build` to serve it under /app/');
    return;
  }
  await app.register(fastifyStatic, {
    root: webDist,
    prefix: '/app/',
    wildcard: false,
    preCompressed: true,
    index: false,
    setHeaders(reply, filePath) {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  const sendIndex = (_req: unknown, reply: FastifyReply) =>
    reply.header('cache-control', 'no-cache').sendFile('index.html');
  app.get('/app', sendIndex);
  app.get('/app/', sendIndex);
  app.get('/app/*', (req, reply) => {
    // A missing asset is a 404, not the app shell: a browser would try to run HTML as a script.
    if (/\.[a-z0-9]+$/i.test(req.url.split('?')[0] ?? '')) return reply.callNotFound();
    return sendIndex(req, reply);
  });
}
