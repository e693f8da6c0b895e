import type { FastifyInstance } from 'fastify';

/**
 * Answers given while shutting down close their connection, so keep-alive clients do not hold the
 * process open and reconnect to a process that is staying.
 */
export function closeConnectionsWhileClosing(app: FastifyInstance, closing: () => boolean): void {
  app.addHook('onSend', async (_request, reply) => {
    if (closing()) reply.header('connection', 'close');
  });
  // A response already streaming when closing began went out with keep-alive, and the server's
  // close ends only idle connections, once: without this, its connection (and the close) would
  // wait for keepAliveTimeout (72 s). Node detaches the socket before this hook, so it counts as idle.
  app.addHook('onResponse', async () => {
    if (closing()) app.server.closeIdleConnections();
  });
}
