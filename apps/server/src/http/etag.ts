import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

/**
 * Successful GET answers (the API's reads, the landing pages' HTML) carry a weak ETag of their body, and an unchanged one answers 304 with no
 * body: a phone asking again for a feed that has not moved downloads nothing. `private, no-cache`
 * keeps answers (they may depend on the token) out of shared caches and makes the browser ask
 * each time. Registered before compression, so the tag is of the JSON, whatever the encoding.
 */
export function registerEtag(app: FastifyInstance) {
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.method !== 'GET' || reply.statusCode !== 200 || typeof payload !== 'string') return payload;
    const etag = `W/"${createHash('sha256').update(payload).digest('base64url').slice(0, 27)}"`;
    reply.header('etag', etag);
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'private, no-cache');
    if (request.headers['if-none-match'] !== etag) return payload;
    reply.code(304);
    return '';
  });
}
