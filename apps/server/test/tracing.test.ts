import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDb } from '#server/db/client.ts';
import { migrate } from '#server/db/migrate.ts';
import { OrganisationsRepo } from '#server/modules/organisations/repo.ts';
import { seedOrganisations } from '#server/seed/organisations.ts';
import { ORG } from './helper.ts';
import { localServer } from './local-http.ts';
import { startServer } from './server-process.ts';

/*
 * docs/operations.md, "Traces": the real server (main.ts) with OTEL_EXPORTER_OTLP_ENDPOINT set sends
 * its spans over OTLP/HTTP to a receiver this file runs; the request id a person quotes finds the
 * trace, and the trace id is in the request's log lines. On PGlite, or on PostgreSQL with
 * TEST_DATABASE_URL (where each statement is a span of the request's trace).
 */

interface OtlpValue {
  stringValue?: string;
  intValue?: string | number;
  boolValue?: boolean;
  doubleValue?: number;
}
interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  attributes: { key: string; value: OtlpValue }[];
}
interface Span extends OtlpSpan {
  scope: string;
  service: string;
  attrs: Record<string, string | number | boolean | undefined>;
}

const receiver = await localServer(() => ({ status: 200, body: {} }));
const spans = (): Span[] =>
  receiver.received
    .filter((r) => r.url === '/v1/traces')
    .flatMap((r) => (JSON.parse(r.body) as { resourceSpans: { resource: OtlpSpan; scopeSpans: { scope: { name: string }; spans: OtlpSpan[] }[] }[] }).resourceSpans)
    .flatMap((rs) => {
      const service = String(rs.resource.attributes.find((a) => a.key === 'service.name')?.value.stringValue);
      return rs.scopeSpans.flatMap((ss) =>
        ss.spans.map((span) => ({
          ...span,
          scope: ss.scope.name,
          service,
          attrs: Object.fromEntries(span.attributes.map((a) => [a.key, a.value.stringValue ?? a.value.intValue ?? a.value.boolValue ?? a.value.doubleValue])),
        })),
      );
    });

/** A database of its own for the server, with the organisations an operator creates first. */
async function database(dataDir: string): Promise<{ env: Record<string, string>; drop(): Promise<void> }> {
  const admin = process.env.TEST_DATABASE_URL;
  if (!admin) {
    const db = await openDb({ dir: path.join(dataDir, 'db') });
    await migrate(db);
    for (const org of seedOrganisations(ORG)) await new OrganisationsRepo(db).insert(org);
    await db.close();
    return { env: {}, drop: async () => undefined };
  }
  const name = `padhub_tracing_${randomBytes(5).toString('hex')}`;
  const server = await openDb({ url: admin, poolSize: 1 });
  await server.exec(`create database ${name}`);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  const db = await openDb({ url: url.toString(), poolSize: 1 });
  await migrate(db);
  for (const org of seedOrganisations(ORG)) await new OrganisationsRepo(db).insert(org);
  await db.close();
  return {
    env: { DATABASE_URL: url.toString() },
    drop: async () => {
      await server.exec(`drop database if exists ${name} with (force)`);
      await server.close();
    },
  };
}

describe('traces over OTLP/HTTP', { timeout: 120_000 }, () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'padhub-tracing-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('a request’s trace holds its route, its statements and its request id; its log lines carry the trace id', async () => {
    const db = await database(dataDir);
    const server = await startServer({ ...db.env, DATA_DIR: dataDir, SEED: '0', LOG_LEVEL: 'debug', OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url, OTEL_SERVICE_NAME: 'padhub-test', OTEL_TRACES_SAMPLER_ARG: '1' });
    const word = `okapi${Date.now()}`;
    let stopped = false;
    try {
      const headers = { accorgid: ORG, 'content-type': 'application/json' };
      const registered = await fetch(`${server.origin}/api/auth/register`, { method: 'POST', headers, body: JSON.stringify({ username: `tracer${Date.now()}`, password: 'correct horse battery' }) });
      expect(registered.status).toBe(200);
      // A caller that traces too (a gateway, the native app) hands its trace on in traceparent.
      const callerTrace = randomBytes(16).toString('hex');
      const callerSpan = randomBytes(8).toString('hex');
      const search = await fetch(`${server.origin}/api/posts?q=${word}&limit=5`, {
        headers: { accorgid: ORG, 'x-request-id': 'bug-report-4711', traceparent: `00-${callerTrace}-${callerSpan}-01` },
      });
      expect(search.status).toBe(200);
      expect(search.headers.get('x-request-id')).toBe('bug-report-4711');
      const health = await fetch(`${server.origin}/api/health`);
      expect(health.status).toBe(200);
      // The spans still batched leave when the process stops (SIGTERM: app.close flushes them).
      await server.stop();
      stopped = true;

      const all = spans();
      expect(new Set(all.map((s) => s.service))).toEqual(new Set(['padhub-test']));
      // The person's bug report names bug-report-4711: that finds the trace.
      const request = all.find((s) => s.attrs['padhub.request_id'] === 'bug-report-4711');
      expect(request).toMatchObject({ scope: '@fastify/otel', traceId: callerTrace, parentSpanId: callerSpan, attrs: { 'http.route': '/api/posts', 'url.path': '/api/posts', 'http.response.status_code': 200 } });
      const trace = all.filter((s) => s.traceId === request!.traceId);
      // The registration, untouched by any caller, is a trace of its own, named by its route.
      expect(all.find((s) => s.attrs['http.route'] === '/api/auth/register' && s.scope === '@fastify/otel')).toBeDefined();
      // Every statement of the request is a span of its trace, its text without its values.
      const statements = trace.filter((s) => s.scope === 'padhub-db');
      expect(statements.length).toBeGreaterThan(0);
      expect(statements.every((s) => s.parentSpanId === request!.spanId)).toBe(true);
      expect(statements.some((s) => String(s.attrs['db.query.text']).includes('$1'))).toBe(true);
      expect(statements.every((s) => /^[A-Z]+$/.test(s.name) && s.name === s.attrs['db.operation.name'])).toBe(true);
      expect(new Set(statements.map((s) => s.attrs['db.system.name']))).toEqual(new Set([db.env.DATABASE_URL ? 'postgresql' : 'pglite']));
      // What was typed into the search is nowhere in the traces; health probes are not traced.
      expect(JSON.stringify(all)).not.toContain(word);
      expect(all.filter((s) => String(s.attrs['http.route'] ?? s.attrs['url.path'] ?? s.attrs['http.target'] ?? '').includes('/api/health'))).toEqual([]);

      // The request's log lines name it by its id and its trace.
      const lines = server
        .output()
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as { reqId?: string; traceId?: string; msg?: string });
      const logged = lines.filter((l) => l.reqId === 'bug-report-4711');
      expect(logged.length).toBeGreaterThan(0);
      expect(logged.every((l) => l.traceId === request!.traceId)).toBe(true);
    } finally {
      if (!stopped) await server.stop();
      await db.drop();
    }
  });

  it('traces only the share of requests OTEL_TRACES_SAMPLER_ARG keeps: none at 0', async () => {
    const otherDir = mkdtempSync(path.join(tmpdir(), 'padhub-tracing-none-'));
    const db = await database(otherDir);
    const server = await startServer({ ...db.env, DATA_DIR: otherDir, SEED: '0', OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url, OTEL_SERVICE_NAME: 'padhub-untraced', OTEL_TRACES_SAMPLER_ARG: '0' });
    try {
      for (let i = 0; i < 20; i++) expect((await fetch(`${server.origin}/api/organisation`, { headers: { accorgid: ORG } })).status).toBe(200);
      // Still named for the logs and the bug report.
      expect((await fetch(`${server.origin}/api/organisation`, { headers: { accorgid: ORG } })).headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    } finally {
      await server.stop();
      await db.drop();
      rmSync(otherDir, { recursive: true, force: true });
    }
    expect(spans().filter((s) => s.service === 'padhub-untraced')).toEqual([]);
  });
});
