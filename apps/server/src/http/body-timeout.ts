import { PassThrough } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '#server/lib/errors.ts';

const hasBody = (request: FastifyRequest) => Number(request.headers['content-length'] ?? 0) > 0 || request.headers['transfer-encoding'] !== undefined;

/**
 * The API's bodies (1 MB at most) must arrive within `ms` of the request's start: a sender trickling a
 * byte at a time would otherwise hold a connection (and its memory) for as long as it likes. Node's
 * `requestTimeout` would do this server-wide, but would also cut the long uploads to /storage, so this
 * runs in the API's scope only. The answer is the envelope's 408, and the connection closes after it
 * (the rest of the body is never read).
 *
 * Many answers leave without the body being read: a body over the limit (413), a body on a GET, a
 * refusal before parsing. The timer therefore stops as soon as the answer has gone or the connection
 * closed, and the stream handed to Fastify always has a listener for its error: an error emitted on a
 * stream nobody listens to ends the process (apps/server/test/request-shapes.test.ts sends every such
 * shape to every route).
 */
export function registerBodyTimeout(app: FastifyInstance, ms: number) {
  app.addHook('preParsing', async (request, reply, payload) => {
    if (!hasBody(request)) return payload;
    const body = new PassThrough();
    // Fastify's parser listens while it reads; this one is there when nothing reads any more.
    body.on('error', (err) => request.log.debug({ err }, 'request body stream ended with an error'));
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
    // Answered (or the client went away): nothing will read the body any more.
    reply.raw.once('close', () => {
      stop();
      payload.unpipe(body);
      body.destroy();
      if (!payload.readableEnded) payload.resume();
    });
    payload.pipe(body);
    return body;
  });
  // An answer that leaves before its request's body has all arrived closes the connection after it:
  // on a kept-alive connection the rest of that body would be read as the next request, or trickle
  // in for as long as the sender likes with no timer left to cut it.
  app.addHook('onSend', async (request, reply) => {
    if (hasBody(request) && !request.raw.complete) reply.header('connection', 'close');
  });
}
