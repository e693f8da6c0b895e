import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

/** What a caller's own id may look like (a balancer's `$request_id`, a client's UUID): no spaces, quotes or line breaks to forge log lines with. */
const SANE = /^[\w.:=-]{1,128}$/;

/**
 * Fastify's `genReqId`: the caller's `X-Request-Id` when it is a plain token (a balancer in front
 * may have named the request already), else a new UUID, unique across processes and restarts.
 */
export function requestId(req: IncomingMessage): string {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && SANE.test(given) ? given : randomUUID();
}

/**
 * Every answer names its request in `X-Request-Id`: the id every log line of the request carries
 * (`reqId`) and the trace's `padhub.request_id`, so a person's bug report finds both
 * (docs/operations.md, "Finding one request").
 */
export function registerRequestId(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
}
