import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';

const APP_HOME = '/app/community/index';

/**
 * Serves the built web app under /app/. Hashed assets are cached for a year; index.html never, so
 * a new release reaches phones at the next start. Unknown paths under /app/ get index.html: the
 * client router owns them (history fallback).
 */
/**
 * The page may load its own scripts only, and media and uploads from the store: a script that got
 * in through some bug could not send the token elsewhere or frame the app in a hostile page.
 */
export function contentSecurityPolicy(storageOrigins: string[]): string {
  const store = storageOrigins.join(' ');
  return [
    "default-src 'self'",
    "script-src 'self'",
    // antd-mobile and React set style attributes.
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob: ${store}`.trim(),
    `media-src 'self' blob: ${store}`.trim(),
    `connect-src 'self' ${store}`.trim(),
    "font-src 'self' data:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

export async function webRoutes(app: FastifyInstance, { webDist, storageOrigins }: { webDist: string; storageOrigins: string[] }) {
  const csp = contentSecurityPolicy(storageOrigins);
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
    reply
      .header('cache-control', 'no-cache')
      .header('content-security-policy', csp)
      .header('x-content-type-options', 'nosniff')
      .header('referrer-policy', 'strict-origin-when-cross-origin')
      .sendFile('index.html');
  app.get('/app', sendIndex);
  app.get('/app/', sendIndex);
  app.get('/app/*', (req, reply) => {
    // A missing asset is a 404, not the app shell: a browser would try to run HTML as a script.
    if (/\.[a-z0-9]+$/i.test(req.url.split('?')[0] ?? '')) return reply.callNotFound();
    return sendIndex(req, reply);
  });
}
