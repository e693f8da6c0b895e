/**
 * Budget: tracing on, as configured by default (OTEL_EXPORTER_OTLP_ENDPOINT set, a tenth of the
 * requests traced), costs at most 10 % of the feed's throughput. Three server processes on one
 * PostgreSQL: without tracing, with it by default, and tracing every
 * request (OTEL_TRACES_SAMPLER_ARG=1, printed for comparison), sending to a collector stand-in in
 * this process that takes the spans and counts them. The feed's first page (anonymous, shared for
 * FEED_CACHE_MS, and signed in, read for each) is loaded on each in turn, a second at a time, so a
 * neighbour's load on the machine touches all alike. A busy server's throughput is the inverse of
 * its CPU time per request, so the cost is read from the servers' own CPU time per request (the
 * median over the rounds); requests per second are printed too, but on a machine others load they
 * swing by more than the budget. Says OVER BUDGET on the default's line when it is (npm run bench
 * counts those lines); exits 1 only when requests failed.
 *
 *   node --import tsx bench/tracing.ts   (DATABASE_URL: a database to seed or reuse, else its own on the
 *   machine's PostgreSQL; BENCH_POSTS, BENCH_SECONDS, BENCH_CONNECTIONS, BENCH_PORT)
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { openDb } from '../apps/server/src/db/client.ts';
import { migrate } from '../apps/server/src/db/migrate.ts';
import { type LoadResult, combine, load } from './load.ts';
import { median } from './measure.ts';
import { likeAsViewer, seedFeed } from './seed-feed.ts';

const POSTS = Number(process.env.BENCH_POSTS ?? 20_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const PORT = Number(process.env.BENCH_PORT ?? 9052);
const BUDGET = 0.1;

/** DATABASE_URL, or the bench's own database on the machine's PostgreSQL (scripts/ensure-postgres.sh), created when missing. */
async function ownDatabase(): Promise<string> {
  if (process.env.DATABASE_URL) return process.env.DATABASE_URL;
  const server = execFileSync('bash', [path.join(import.meta.dirname, '../scripts/ensure-postgres.sh')], { encoding: 'utf8' }).trim();
  const admin = await openDb({ url: server });
  try {
    const [found] = await admin.query('select 1 from pg_database where datname = $1', ['padhub_bench_tracing']);
    if (!found) await admin.exec('create database padhub_bench_tracing');
  } finally {
    await admin.close();
  }
  return server.replace(/\/[^/]*$/, '/padhub_bench_tracing');
}
const databaseUrl = await ownDatabase();

const db = await openDb({ url: databaseUrl });
await migrate(db);
const seed = await seedFeed(db, POSTS);

// The collector: takes every batch (OTLP/HTTP JSON) and counts its spans.
let spans = 0;
// Kept cheap (a native search of the bytes): it shares the machine with the load it measures.
const SPAN_ID = Buffer.from('"spanId"');
let exportedBytes = 0;
const collector = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    const body = Buffer.concat(chunks);
    exportedBytes += body.length;
    for (let at = body.indexOf(SPAN_ID); at >= 0; at = body.indexOf(SPAN_ID, at + SPAN_ID.length)) spans++;
    res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
  });
});
await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', resolve));
const collectorPort = (collector.address() as { port: number }).port;

const dataDir = mkdtempSync(path.join(tmpdir(), 'padhub-tracing-bench-'));
const ports = new Map<number, number>();
const portOf = (pid: number) => ports.get(pid)!;
function start(port: number, env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: databaseUrl, SEED: '0', LOG_LEVEL: 'warn', DATA_DIR: dataDir, REGISTER_LIMIT_PER_IP: '1000', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  ports.set(child.pid!, port);
  const ready = new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('Padhub is running')) resolve();
    });
    child.on('exit', (code) => reject(new Error(`a server exited (${code})`)));
  });
  return { child, ready };
}
const collectorUrl = `http://127.0.0.1:${collectorPort}`;
const servers = [
  { label: 'off', ...start(PORT, {}) },
  { label: 'default', ...start(PORT + 1, { OTEL_EXPORTER_OTLP_ENDPOINT: collectorUrl }) },
  { label: 'every request', ...start(PORT + 2, { OTEL_EXPORTER_OTLP_ENDPOINT: collectorUrl, OTEL_TRACES_SAMPLER_ARG: '1' }) },
];
await Promise.all(servers.map((s) => s.ready));

const org = { accorgid: seed.org, 'accept-language': 'cn' };
async function viewerToken(): Promise<string> {
  const body = JSON.stringify({ username: 'viewer', password: 'bench password' });
  const signIn = async (to: string) => {
    const res = await fetch(`http://127.0.0.1:${PORT}${to}`, { method: 'POST', headers: { ...org, 'content-type': 'application/json' }, body });
    const answer = (await res.json()) as { code: number; data: { token: string; user: { id: string } } };
    if (answer.code !== 0) throw new Error(`${to}: ${JSON.stringify(answer)}`);
    return answer.data;
  };
  const session = await signIn('/api/auth/login').catch(() => signIn('/api/auth/register'));
  await likeAsViewer(db, seed.org, session.user.id);
  return session.token;
}

/** CPU seconds the process has used (user and system), from /proc. */
function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

let failed = false;
try {
  const token = await viewerToken();
  const rows = [
    { label: 'feed page 1, anonymous', headers: org },
    { label: 'feed page 1, signed in', headers: { ...org, token } },
  ];
  for (const { child } of servers) for (const row of rows) await load({ port: portOf(child.pid!), paths: '/api/posts?limit=20', headers: row.headers }, CONNECTIONS, 1, 1);
  console.log(`${POSTS} posts on PostgreSQL, ${CONNECTIONS} connections, ${SECONDS} rounds of 1 s on each server in turn; load average ${loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  for (const row of rows) {
    const results = servers.map(() => ({ loads: [] as LoadResult[], cpu: [] as number[], spans: 0, bytes: 0 }));
    for (let i = 0; i < SECONDS; i++) {
      for (const [n, { child }] of servers.entries()) {
        const [cpuBefore, spansBefore, bytesBefore] = [cpuSeconds(child.pid!), spans, exportedBytes];
        const result = await load({ port: portOf(child.pid!), paths: '/api/posts?limit=20', headers: row.headers }, CONNECTIONS, 1, 0);
        results[n]!.loads.push(result);
        results[n]!.cpu.push((cpuSeconds(child.pid!) - cpuBefore) / Math.max(1, result.requests));
        results[n]!.spans += spans - spansBefore;
        results[n]!.bytes += exportedBytes - bytesBefore;
      }
    }
    console.log(`  ${row.label}`);
    const base = median(results[0]!.cpu);
    for (const [n, { label }] of servers.entries()) {
      const r = combine(results[n]!.loads);
      const cpu = median(results[n]!.cpu);
      const cost = 1 - base / cpu;
      const budgeted = label === 'default';
      // Over budget is said on its line (npm run bench counts those lines); errors stop the bench.
      failed ||= r.errors > 0;
      const verdict = n === 0 ? '' : `  costs ${(cost * 100).toFixed(1).padStart(5)} %${budgeted ? ` (budget ${BUDGET * 100} %) ${cost <= BUDGET ? 'ok' : 'OVER BUDGET'}` : ''}`;
      const exported = n === 0 ? '' : `  ~${(results[n]!.spans / Math.max(1, r.requests)).toFixed(2)} spans, ${(results[n]!.bytes / Math.max(1, r.requests)).toFixed(0)} B exported per request`;
      console.log(`    ${label.padEnd(14)} ${r.rps.toFixed(0).padStart(5)} req/s  p99 ${r.p99.toFixed(1).padStart(5)} ms  CPU ${(cpu * 1000).toFixed(3)} ms/request${verdict}${exported}${r.errors ? `  ${r.errors} errors` : ''}`);
    }
  }
} finally {
  for (const { child } of servers) child.kill('SIGTERM');
  await Promise.all(servers.map(({ child }) => new Promise((resolve) => child.once('exit', resolve))));
  collector.close();
  await db.close();
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
