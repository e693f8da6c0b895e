import { createHash, timingSafeEqual } from 'node:crypto';
import { type Server, createServer } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { METRICS_PATH } from './http-metrics.ts';
import { collectRuntimeMetrics, processMetrics } from '#server/telemetry/metrics.ts';
import type { MetricsConfig } from '#server/telemetry/settings.ts';

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * `GET /metrics` in Prometheus's text format (docs/operations.md, "Metrics"), never open by
 * default: with METRICS_TOKEN it answers only `Authorization: Bearer <token>`; with METRICS_PORT it
 * is served on that port alone (beside the main one, on the same HOST), not on the main port;
 * with neither there is no such route. Each process answers for itself: Prometheus scrapes every
 * process, not the balancer.
 *
 * Answers the port the metrics listener took once the app is ready (null when there is none).
 */
export function registerMetricsEndpoint(app: FastifyInstance, config: MetricsConfig, scrape: () => Promise<string>, host: string): () => number | null {
  collectRuntimeMetrics();
  const expected = config.token === undefined ? null : digest(`Bearer ${config.token}`);
  const answer = async (authorization: string | undefined): Promise<Answer> => {
    // Compared as digests of equal length, in constant time.
    if (expected && !timingSafeEqual(digest(authorization ?? ''), expected)) {
      return { status: 401, headers: { 'www-authenticate': 'Bearer', 'content-type': 'text/plain' }, body: 'unauthorized\n' };
    }
    return { status: 200, headers: { 'content-type': processMetrics.contentType, 'cache-control': 'no-store' }, body: await scrape() };
  };

  if (config.port === undefined) {
    app.get(METRICS_PATH, { schema: { hide: true } }, async (req, reply) => {
      const { status, headers, body } = await answer(req.headers.authorization);
      return reply.status(status).headers(headers).send(body);
    });
    return () => null;
  }

  let server: Server | undefined;
  const port = config.port;
  // On ready rather than on listen: a port already taken stops the start instead of a log line.
  app.addHook('onReady', async () => {
    server = createServer((req, res) => {
      if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== METRICS_PATH) {
        res.writeHead(404, { 'content-type': 'text/plain' }).end('not found\n');
        return;
      }
      answer(req.headers.authorization).then(
        ({ status, headers, body }) => res.writeHead(status, headers).end(body),
        (err: unknown) => {
          app.log.error({ err }, 'metrics scrape failed');
          res.writeHead(500, { 'content-type': 'text/plain' }).end('scrape failed\n');
        },
      );
    });
    await new Promise<void>((resolve, reject) => {
      server!.once('error', reject);
      server!.listen(port, host, () => resolve());
    });
  });
  app.addHook('onClose', async () => {
    // Prometheus keeps its connection open between scrapes: closing waits for none.
    server?.closeAllConnections();
    if (server) await new Promise((resolve) => server!.close(resolve));
  });
  return () => {
    const address = server?.address();
    return address && typeof address === 'object' ? address.port : null;
  };
}
