import { z } from 'zod';

/** The environment variables of metrics and tracing; config.ts reads them with the rest. */
export const observabilityEnv = {
  // Prometheus metrics at /metrics: behind this bearer token on the main port, or on a port of their
  // own; neither set, there is no /metrics at all (docs/operations.md, "Metrics").
  METRICS_TOKEN: z.string().min(16, 'at least 16 characters').optional(),
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  // Traces go to an OpenTelemetry collector over OTLP/HTTP when an endpoint is set; off otherwise.
  OTEL_EXPORTER_OTLP_ENDPOINT: z.url().optional(),
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: z.url().optional(),
  OTEL_EXPORTER_OTLP_HEADERS: z
    .string()
    .regex(/^\s*[^=,\s]+\s*=[^,]*(,\s*[^=,\s]+\s*=[^,]*)*$/, 'name=value pairs separated by commas')
    .optional(),
  OTEL_SERVICE_NAME: z.string().min(1).default('padhub'),
  // The share of requests traced: a tenth shows how each route spends its time at a tenth of the
  // spans to send and keep; 1 while hunting one problem. What tracing costs on Node 20 hardly
  // depends on it (docs/operations.md, "What it costs").
  OTEL_TRACES_SAMPLER_ARG: z.coerce.number().min(0).max(1).default(0.1),
};

type ObservabilityEnv = z.output<z.ZodObject<typeof observabilityEnv>>;

export interface MetricsConfig {
  /** Set: /metrics answers only `Authorization: Bearer <token>`. */
  token: string | undefined;
  /** Set: /metrics is served on this port alone (same HOST), not on the main one. */
  port: number | undefined;
}

export interface TracingConfig {
  /** Where spans are POSTed (OTLP/HTTP, JSON): `<OTEL_EXPORTER_OTLP_ENDPOINT>/v1/traces` or the traces endpoint as given. */
  url: string;
  headers: Record<string, string>;
  serviceName: string;
  /** The share of requests traced, decided as each arrives (a caller's traceparent continues only in those). */
  sampleRatio: number;
}

export interface ObservabilityConfig {
  /** null: no /metrics anywhere (neither METRICS_TOKEN nor METRICS_PORT). */
  metrics: MetricsConfig | null;
  /** null: tracing off, nothing of OpenTelemetry's SDK is loaded. */
  tracing: TracingConfig | null;
}

export function observabilityConfig(e: ObservabilityEnv, mainPort: number): ObservabilityConfig {
  if (e.METRICS_PORT !== undefined && e.METRICS_PORT !== 0 && e.METRICS_PORT === mainPort) {
    throw new Error('Invalid configuration: METRICS_PORT: a port of its own, not PORT (or unset, with METRICS_TOKEN, for /metrics on PORT)');
  }
  const metrics = e.METRICS_TOKEN !== undefined || e.METRICS_PORT !== undefined ? { token: e.METRICS_TOKEN, port: e.METRICS_PORT } : null;
  // The generic endpoint gets the signal's path; the traces endpoint is used as it is (the OTLP exporter convention).
  const url = e.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT ?? (e.OTEL_EXPORTER_OTLP_ENDPOINT && `${e.OTEL_EXPORTER_OTLP_ENDPOINT.replace(/\/+$/, '')}/v1/traces`);
  const tracing = url
    ? { url, headers: headerPairs(e.OTEL_EXPORTER_OTLP_HEADERS), serviceName: e.OTEL_SERVICE_NAME, sampleRatio: e.OTEL_TRACES_SAMPLER_ARG }
    : null;
  return { metrics, tracing };
}

/** `a=1,b=2` (values percent-decoded, as the OTLP exporter specification says). */
function headerPairs(text: string | undefined): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const pair of (text ?? '').split(',').filter((p) => p.trim())) {
    const at = pair.indexOf('=');
    const value = pair.slice(at + 1).trim();
    headers[pair.slice(0, at).trim()] = /%[0-9a-f]{2}/i.test(value) ? decodeURIComponent(value.replace(/%(?![0-9a-f]{2})/gi, '%25')) : value;
  }
  return headers;
}
