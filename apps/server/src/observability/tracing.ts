import { createRequire } from 'node:module';
import type { FastifyPluginCallback, FastifyRequest } from 'fastify';
import { version } from '#server/version.ts';
import type { TracingConfig } from './settings.ts';

/**
 * OpenTelemetry tracing (docs/operations.md, "Traces"), loaded only when OTEL_EXPORTER_OTLP_ENDPOINT
 * is set: without it nothing below is imported and no request pays for it.
 *
 * One trace per request: the HTTP server span (instrumentation-http), Fastify's request span named
 * by its route with the handler inside (@fastify/otel), and a span per PostgreSQL statement
 * (instrumentation-pg, the statement's text with its placeholders, never its values). Spans leave
 * in batches over OTLP/HTTP. Health probes and /metrics are not traced: a balancer's probe every
 * second would bury the traces people look for.
 */
export interface Tracing {
  /** @fastify/otel's plugin, registered on the app before its routes. */
  plugin: FastifyPluginCallback;
  /** Sends the spans still batched (at shutdown, and in tests). */
  flush(): Promise<void>;
}

const UNTRACED = /^\/(metrics|api\/health)(\/|\?|$)/;

let started: Promise<Tracing> | undefined;

/** Starts tracing once per process. main.ts calls it before loading the app, so that http and pg are patched as they load. */
export function startTracing(config: TracingConfig): Promise<Tracing> {
  return (started ??= start(config));
}

async function start(config: TracingConfig): Promise<Tracing> {
  const [node, { OTLPTraceExporter }, { resourceFromAttributes }, { registerInstrumentations }, { HttpInstrumentation }, { PgInstrumentation }, fastifyOtel] =
    await Promise.all([
      import('@opentelemetry/sdk-trace-node'),
      import('@opentelemetry/exporter-trace-otlp-http'),
      import('@opentelemetry/resources'),
      import('@opentelemetry/instrumentation'),
      import('@opentelemetry/instrumentation-http'),
      import('@opentelemetry/instrumentation-pg'),
      import('@fastify/otel'),
    ]);
  const provider = new node.NodeTracerProvider({
    resource: resourceFromAttributes({ 'service.name': config.serviceName, 'service.version': version }),
    sampler: new node.ParentBasedSampler({ root: new node.TraceIdRatioBasedSampler(config.sampleRatio) }),
    spanProcessors: [new node.BatchSpanProcessor(new OTLPTraceExporter({ url: config.url, headers: config.headers }))],
  });
  provider.register();

  const fastify = new fastifyOtel.FastifyOtelInstrumentation({
    // A span per hook would be ten more per request for little: the request and its handler say where the time went.
    instrumentHooks: false,
    ignorePaths: (route: { url?: string }) => UNTRACED.test(route.url ?? ''),
    requestHook(span, request: FastifyRequest) {
      // The request id a person quotes from a bug report (X-Request-Id) finds the trace, and the
      // trace id is in every log line of the request.
      span.setAttribute('padhub.request_id', request.id);
      span.setAttribute('url.path', request.url.split('?')[0]!);
      request.log = request.log.child({ traceId: span.spanContext().traceId });
    },
  });
  registerInstrumentations({
    tracerProvider: provider,
    instrumentations: [
      new HttpInstrumentation({
        ignoreIncomingRequestHook: (req) => UNTRACED.test(req.url ?? ''),
        // Outgoing calls (the S3 SDK) only within a request's trace, not a root trace per sweep.
        requireParentforOutgoingSpans: true,
        // The query string can hold what people typed (a search): the path alone is kept.
        requestHook(span, req) {
          if (!('setHeader' in req)) withoutQuery(span);
        },
      }),
      new PgInstrumentation({ requireParentSpan: true, ignoreConnectSpans: true, enhancedDatabaseReporting: false }),
      fastify,
    ],
  });
  // Modules loaded before tracing began (tests build apps in one process) are patched in place
  // when they are required again: the instrumentations hook `require`.
  const require = createRequire(import.meta.url);
  require('node:http');
  require('pg');

  return { plugin: fastify.plugin(), flush: () => provider.forceFlush() };
}

function withoutQuery(span: { setAttribute(key: string, value: string): unknown }) {
  span.setAttribute('url.query', '');
}
