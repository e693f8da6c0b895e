import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/**
 * Every figure this process counts as it goes, in one place (docs/operations.md, "Metrics" lists
 * them with what each means). Labels take values from the code only — a route's template, a status
 * class, a limit's name, an S3 error code — never a user id, a token or anything a person typed,
 * so the number of series stays bounded whatever the traffic.
 *
 * The figures read from the database or the disk at scrape time (queues, pool, background runs,
 * readiness) belong to one app and are collected by observability/scrape.ts.
 */
export const processMetrics = new Registry();
const registers = [processMetrics];

let defaults = false;
/** Node's own figures (event-loop lag, heap, GC, CPU, open files), once per process, when metrics are on. */
export function collectRuntimeMetrics(): void {
  if (defaults) return;
  defaults = true;
  collectDefaultMetrics({ register: processMetrics, eventLoopMonitoringPrecision: 10 });
}

// Only the bounds what reads the histogram needs, since every bound is a line per route at every
// scrape (docs/operations.md, "Figures"): 1 s is alert PadhubSlowRoute's budget, and 2.5 s lets a
// p99 over it show as over (a quantile in the last bucket reads as that bucket's lower bound);
// 25 and 100 ms frame the API's own budgets (docs/feed-cost.md) for the dashboard's p50 and p99 by
// route, and 250 ms what lies between them and the budget.
const REQUEST_BUCKETS = [0.025, 0.1, 0.25, 1, 2.5];
const QUERY_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5];

export const httpRequests = new Counter({
  name: 'padhub_http_requests_total',
  help: 'Requests answered, by method, route template (never the address asked for) and status code.',
  labelNames: ['method', 'route', 'status'] as const,
  registers,
});

export const httpDuration = new Histogram({
  name: 'padhub_http_request_duration_seconds',
  help: 'Time from the request arriving to its answer being sent, by method, route template and status class.',
  labelNames: ['method', 'route', 'status_class'] as const,
  buckets: REQUEST_BUCKETS,
  registers,
});

export const dbQueryDuration = new Histogram({
  name: 'padhub_db_query_duration_seconds',
  help: 'Time of each database statement, waiting for a connection included (PGlite or PostgreSQL).',
  buckets: QUERY_BUCKETS,
  registers,
});

export const dbPoolTimeouts = new Counter({
  name: 'padhub_db_pool_timeouts_total',
  help: 'Statements refused because no connection of the pool came free within DATABASE_POOL_TIMEOUT_MS.',
  registers,
});

export const pushDeliveries = new Counter({
  name: 'padhub_push_deliveries_total',
  help: 'Push webhook attempts: delivered, retry (failed, tried again later) or failed (given up after the last attempt).',
  labelNames: ['outcome'] as const,
  registers,
});

export const searchesRefused = new Counter({
  name: 'padhub_searches_refused_total',
  help: 'Searches answered search_busy: queue (no turn within SEARCH_QUEUE_MS) or timeout (a statement ran past SEARCH_TIMEOUT_MS).',
  labelNames: ['reason'] as const,
  registers,
});

export const rateLimited = new Counter({
  name: 'padhub_rate_limited_total',
  help: 'Requests refused by a limit (429), by limit: login:ip, login:account, password:account, register:ip, <action>:user, <action>:ip.',
  labelNames: ['limit'] as const,
  registers,
});

export const uploadBytes = new Counter({
  name: 'padhub_upload_bytes_total',
  help: 'Bytes stored through the embedded endpoint (whole objects and multipart parts).',
  registers,
});

export const uploadsStored = new Counter({
  name: 'padhub_uploads_stored_total',
  help: 'Objects stored through the embedded endpoint (a PUT, or a completed multipart upload).',
  registers,
});

export const uploadsRefused = new Counter({
  name: 'padhub_uploads_refused_total',
  help: "Writes to the embedded endpoint refused, by S3 error code (QuotaExceeded, EntityTooLarge, AccessDenied, …).",
  labelNames: ['reason'] as const,
  registers,
});

export const firstScreenRenders = new Counter({
  name: 'padhub_first_screen_renders_total',
  help: "Landing pages sent with the server's drawing of the first screen: rendered now, or reused (kept for the same island).",
  labelNames: ['outcome'] as const,
  registers,
});

export const firstScreenFallbacks = new Counter({
  name: 'padhub_first_screen_fallbacks_total',
  help: 'Landing pages sent with the island alone: failed (the render threw or took over 1 s), no_frame (a native host without its cookie), not_built (no server build).',
  labelNames: ['reason'] as const,
  registers,
});

export const firstScreenRenderDuration = new Histogram({
  name: 'padhub_first_screen_render_duration_seconds',
  help: 'Time of each server render of a first screen (kept renders are not counted).',
  buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1],
  registers,
});

export const backgroundRuns = new Counter({
  name: 'padhub_background_runs_total',
  help: 'Background jobs this process ran (lib/background.ts), by task (the job\'s name; `job` is Prometheus\'s own label) and outcome (ok, failed).',
  labelNames: ['task', 'outcome'] as const,
  registers,
});

export const backgroundPeriod = new Gauge({
  name: 'padhub_background_period_seconds',
  help: 'How often each background job is meant to run, cluster-wide.',
  labelNames: ['task'] as const,
  registers,
});
