import { createRequire } from 'node:module';
import type { FastifyPluginCallback, FastifyRequest } from 'fastify';
import { version } from '#server/version.ts';
import { watchStatements } from '#server/telemetry/statements.ts';
import type { TracingConfig } from '#server/telemetry/settings.ts';

/**
 * OpenTelemetry tracing (docs/operations.md, "Traces"), loaded only when OTEL_EXPORTER_OTLP_ENDPOINT
 * is set: without it nothing below is imported and no request pays for it.
 *
 * One trace per request kept: Fastify's request span named by its route (@fastify/otel), a span per
 * database statement inside it (the database client's own, telemetry/statements.ts: the statement's text with
 * its placeholders, never its values, on PGlite and PostgreSQL alike), and the calls to S3
 * (instrumentation-http). Spans leave in batches over OTLP/HTTP. Health probes and /metrics are not
 * traced: a balancer's probe every second would bury the traces people look for.
 *
 * The SDK's instrumentation-pg is not used: it wraps every call of pg's client, traced or not, which
 * cost about a tenth of a signed-in feed read's CPU with a tenth of the requests traced
 * (bench/tracing.ts), and it cannot see PGlite. Statements asked outside a traced request cost one
 * look at the active span.
 */
export interface Tracing {
  /** @fastify/otel's plugin, registered on the app before its routes. */
  plugin: FastifyPluginCallback;
  /**
   * The logger's mixin: the trace id of the request a line is logged in (when its trace is kept),
   * so a log line leads to its trace. Asked only when a line is written, so a request that logs
   * nothing pays nothing for it.
   */
  logFields(): Record<string, string>;
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
  const [api, node, { OTLPTraceExporter }, { resourceFromAttributes }, { registerInstrumentations }, { HttpInstrumentation }, fastifyOtel] =
    await Promise.all([
      import('@opentelemetry/api'),
      import('@opentelemetry/sdk-trace-node'),
      import('@opentelemetry/exporter-trace-otlp-http'),
      import('@opentelemetry/resources'),
      import('@opentelemetry/instrumentation'),
      import('@opentelemetry/instrumentation-http'),
      import('@fastify/otel'),
    ]);
  const provider = new node.NodeTracerProvider({
    resource: resourceFromAttributes({ 'service.name': config.serviceName, 'service.version': version }),
    // Which requests are traced is decided at the door (`traced` below); what is inside one is kept whole.
    sampler: new node.AlwaysOnSampler(),
    spanProcessors: [new node.BatchSpanProcessor(new OTLPTraceExporter({ url: config.url, headers: config.headers }))],
  });
  provider.register();

  // A request not kept is not instrumented at all: no span, no context to carry through its
  // awaits, no span per statement (pg's needs a parent). A sampler would still build and carry a
  // non-recording span through every request, which costs nearly as much as keeping it
  // (bench/tracing.ts). @fastify/otel asks `ignorePaths` with the route's options when a route is
  // added (those carry its handler: routes are all wired, save the untraced ones) and with the
  // request's method and address when one arrives (decided here, by the share to keep).
  const traced = (route: { url?: string; handler?: unknown }) =>
    !UNTRACED.test(route.url ?? '') && ('handler' in route || config.sampleRatio >= 1 || Math.random() < config.sampleRatio);
  const fastify = new fastifyOtel.FastifyOtelInstrumentation({
    // A span per hook, or one for the handler inside the request's, would cost more than they tell:
    // the request's span and its statements say where the time went (bench/tracing.ts).
    instrumentHooks: false,
    instrumentHandler: false,
    ignorePaths: (route: { url?: string; handler?: unknown }) => !traced(route),
    requestHook(span, request: FastifyRequest) {
      // The request id a person quotes from a bug report (X-Request-Id) finds the trace; the path
      // alone is kept, as a query string can hold what people typed.
      span.setAttribute('padhub.request_id', request.id);
      span.setAttribute('url.path', request.url.split('?')[0]!);
    },
  });
  registerInstrumentations({
    tracerProvider: provider,
    instrumentations: [
      new HttpInstrumentation({
        // Incoming requests have their server span from @fastify/otel (named by route, continuing a
        // caller's traceparent): a second one per request from this instrumentation would double the cost.
        disableIncomingRequestInstrumentation: true,
        // Outgoing calls (the S3 SDK) only within a request's trace, not a root trace per sweep.
        requireParentforOutgoingSpans: true,
        // The query string can hold what people typed (a search): the path alone is kept.
        requestHook(span, req) {
          if (!('setHeader' in req)) withoutQuery(span);
        },
      }),
      fastify,
    ],
  });
  // Modules loaded before tracing began (tests build apps in one process) are patched in place
  // when they are required again: the instrumentations hook `require`.
  createRequire(import.meta.url)('node:http');

  const tracer = provider.getTracer('padhub-db');
  watchStatements((engine, sql) => {
    if (!api.trace.getActiveSpan()?.isRecording()) return undefined;
    const operation = /^\s*(\w+)/.exec(sql)?.[1]?.toUpperCase() ?? 'QUERY';
    const span = tracer.startSpan(operation, {
      kind: api.SpanKind.CLIENT,
      attributes: { 'db.system.name': engine === 'postgres' ? 'postgresql' : 'pglite', 'db.operation.name': operation, 'db.query.text': sql },
    });
    return (error) => {
      if (error !== undefined) {
        if (error instanceof Error) span.recordException(error);
        span.setStatus({ code: api.SpanStatusCode.ERROR });
      }
      span.end();
    };
  });

  const logFields = (): Record<string, string> => {
    const context = api.trace.getActiveSpan()?.spanContext();
    return context && context.traceFlags & api.TraceFlags.SAMPLED ? { traceId: context.traceId } : {};
  };
  return { plugin: fastify.plugin(), logFields, flush: () => provider.forceFlush() };
}

function withoutQuery(span: { setAttribute(key: string, value: string): unknown }) {
  span.setAttribute('url.query', '');
}
