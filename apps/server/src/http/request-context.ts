import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance } from 'fastify';

const context = new AsyncLocalStorage<{ reqId: string }>();

/**
 * Each request's work runs with its id in an AsyncLocalStorage, which follows it into the timers,
 * streams and promises it starts: an error nobody caught can then be logged with the request that
 * caused it (main.ts). A callback hook, so that the rest of the request runs inside `run`.
 */
export function registerRequestContext(app: FastifyInstance) {
  app.addHook('onRequest', (request, _reply, done) => context.run({ reqId: String(request.id) }, done));
}

/** The id of the request whose work is running, if any. */
export function currentRequestId(): string | undefined {
  return context.getStore()?.reqId;
}
