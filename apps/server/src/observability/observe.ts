import type { FastifyInstance } from 'fastify';
import type { Config } from '#server/config.ts';
import type { Db } from '#server/db/client.ts';
import { registerRequestId } from '#server/http/request-id.ts';
import { version } from '#server/version.ts';
import { registerMetricsEndpoint } from './endpoint.ts';
import { registerHttpMetrics } from './http-metrics.ts';
import { Queues } from './queues.ts';
import { type ScrapeSources, appScrape } from './scrape.ts';
import type { Tracing } from './tracing.ts';

export interface Observed {
  /** The queues /metrics reports; a module's queue is added by app.ts (queues.ts says how). */
  queues: Queues;
  /** The port of the separate metrics listener once the app is ready; null without METRICS_PORT. */
  metricsPort(): number | null;
}

/**
 * What lets people operate Padhub (docs/operations.md): traces when OTEL_EXPORTER_OTLP_ENDPOINT is
 * set, a request id on every answer and log line, request metrics, and /metrics when METRICS_TOKEN
 * or METRICS_PORT is set. Called first on a new app: the tracing plugin must see every route.
 */
export async function observe(
  app: FastifyInstance,
  config: Config,
  sources: { db: Db; readiness: ScrapeSources['readiness']; traces: Tracing | null },
): Promise<Observed> {
  const { metrics } = config.observability;
  const { traces } = sources;
  if (traces) {
    await app.register(traces.plugin);
    // Spans still batched leave before the process ends.
    app.addHook('onClose', () => traces.flush());
  }
  registerRequestId(app);
  registerHttpMetrics(app);

  const queues = new Queues();
  if (!metrics) return { queues, metricsPort: () => null };
  const embedded = sources.db.kind === 'pglite' || config.storage.kind === 'embedded';
  const scrape = appScrape({ ...sources, queues, dataDir: embedded ? config.dataDir : null, version, storage: config.storage.kind });
  const metricsPort = registerMetricsEndpoint(app, metrics, () => scrape.text(), config.host);
  return { queues, metricsPort };
}
