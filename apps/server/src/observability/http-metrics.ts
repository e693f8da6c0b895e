import type { FastifyInstance } from 'fastify';
import { httpDuration, httpRequests } from '#server/telemetry/metrics.ts';

export const METRICS_PATH = '/metrics';

/**
 * Counts and times every answer by its route's template (`/api/posts/:id`, never `/api/posts/42`:
 * an address per post would be a series per post). What matched no route counts as `unmatched`.
 * Registered on the root before the routes, so it sees the API, the store and the web app alike.
 */
export function registerHttpMetrics(app: FastifyInstance): void {
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    if (route !== METRICS_PATH) {
      const { method } = request;
      const status = reply.statusCode;
      httpRequests.inc({ method, route, status: String(status) });
      httpDuration.observe({ method, route, status_class: `${Math.floor(status / 100)}xx` }, reply.elapsedTime / 1000);
    }
    done();
  });
}
