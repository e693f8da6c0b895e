import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { AppError } from '#server/lib/errors.ts';

/**
 * The API's bodies (1 MB at most) must arrive within `ms` of the request's start: a sender trickling a
 * byte at a time would otherwise hold a connection (and its memory) for as long as it likes. Node's
 * `requestTimeout` would do this server-wide, but would also cut the long uploads to /storage, so this
 * runs in the API's scope only. The answer is the envelope's 408, and the connection closes after it
 * (the rest of the body is never read).
 */
export function registerBodyTimeout(app: FastifyInstance, ms: number) {
  app.addHook('preParsing', async (request, reply, payload) => {
    const declared = Number(request.headers['content-length'] ?? 0);
    if (!(declared > 0) && request.headers['transfer-encoding'] === undefined) return payload;
    const body = new PassThrough();
    const timer = setTimeout(() => {
      payload.unpipe(body);
      // What still comes is dropped until the connection closes.
      payload.resume();
      reply.header('connection', 'close');
      body.destroy(Object.assign(new AppError('request_timeout', { headers: { connection: 'close' } }), { statusCode: 408 }));
    }, ms);
    timer.unref();
    const stop = () => clearTimeout(timer);
    payload.once('end', stop);
    payload.once('close', stop);
    payload.once('error', (err) => body.destroy(err));
    payload.pipe(body);
    return body;
  });
}
