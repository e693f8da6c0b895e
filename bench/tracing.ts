/**
 * Budget: tracing on (every request traced, OTLP/HTTP to a collector) costs at most 10 % of the
 * feed's throughput. Two server processes on one PostgreSQL (DATABASE_URL; required), one with
 * OTEL_EXPORTER_OTLP_ENDPOINT pointing at a collector stand-in in this process that takes the spans
 * and counts them, one without; the feed's first page (anonymous, shared for FEED_CACHE_MS, and
 * signed in, read for each) is loaded on each in turn, a second at a time, so a neighbour's load on
 * the machine touches both alike. Prints requests per second of each and the share tracing costs;
 * exits 1 when a share is over budget.
 *
 *   DATABASE_URL=postgres://… node --import tsx bench/tracing.ts   (BENCH_POSTS, BENCH_SECONDS, BENCH_CONNECTIONS, BENCH_PORT)
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
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
const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) throw new Error('bench/tracing.ts measures PostgreSQL: set DATABASE_URL');

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
function start(port: number, env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: databaseUrl, SEED: '0', LOG_LEVEL: 'warn', DATA_DIR: dataDir, REGISTER_LIMIT_PER_IP: '1000', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const ready = new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('Padhub is running')) resolve();
    });
    child.on('exit', (code) => reject(new Error(`a server exited (${code})`)));
  });
  return { child, ready };
}
const plain = start(PORT, {});
const traced = start(PORT + 1, { OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${collectorPort}`, ...(process.env.BENCH_SAMPLE ? { OTEL_TRACES_SAMPLER_ARG: process.env.BENCH_SAMPLE } : {}) });
await Promise.all([plain.ready, traced.ready]);

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

/** CPU seconds the process has used (user and system), from /proc: on a shared machine a steadier measure of a request's cost than requests per second. */
function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

const format = (r: LoadResult) => `${r.rps.toFixed(0).padStart(5)} req/s  p99 ${r.p99.toFixed(1).padStart(5)} ms${r.errors ? `  ${r.errors} errors` : ''}`;
let failed = false;
try {
  const token = await viewerToken();
  const rows = [
    { label: 'feed page 1, anonymous', headers: org },
    { label: 'feed page 1, signed in', headers: { ...org, token } },
  ];
  for (const port of [PORT, PORT + 1]) for (const row of rows) await load({ port, paths: '/api/posts?limit=20', headers: row.headers }, CONNECTIONS, 1, 1);
  console.log(`${POSTS} posts on PostgreSQL, ${CONNECTIONS} connections, ${SECONDS} s each, in turn a second at a time; traced: every request, all its spans exported`);
  for (const row of rows) {
    const off: LoadResult[] = [];
    const on: LoadResult[] = [];
    const spansBefore = spans;
    const bytesBefore = exportedBytes;
    // CPU time per request of each round; the medians over the rounds, so that a second in which a
    // neighbour took the machine does not decide the figure.
    const cpu = { off: [] as number[], on: [] as number[] };
    const round = async (port: number, pid: number) => {
      const before = cpuSeconds(pid);
      const result = await load({ port, paths: '/api/posts?limit=20', headers: row.headers }, CONNECTIONS, 1, 0);
      return { result, cpu: (cpuSeconds(pid) - before) / Math.max(1, result.requests) };
    };
    for (let i = 0; i < SECONDS; i++) {
      const a = await round(PORT, plain.child.pid!);
      off.push(a.result);
      cpu.off.push(a.cpu);
      const b = await round(PORT + 1, traced.child.pid!);
      on.push(b.result);
      cpu.on.push(b.cpu);
    }
    // The last batches leave within the exporter's delay (5 s).
    await new Promise((resolve) => setTimeout(resolve, 6000));
    const [a, b] = [combine(off), combine(on)];
    // A busy server's throughput is the inverse of its CPU time per request: the share of throughput
    // tracing costs is 1 - (CPU per request off) / (CPU per request on). Requests per second are
    // printed too, but on a machine others load they swing by more than the budget.
    const [cpuOff, cpuOn] = [median(cpu.off), median(cpu.on)];
    const cost = 1 - cpuOff / cpuOn;
    const ok = cost <= BUDGET && a.errors === 0 && b.errors === 0;
    failed ||= !ok;
    console.log(`  ${row.label.padEnd(24)} off ${format(a)} | on ${format(b)} | req/s share lost ${((1 - b.rps / a.rps) * 100).toFixed(1)} %`);
    console.log(
      `  ${''.padEnd(24)} CPU per request off ${(cpuOff * 1000).toFixed(3)} ms, on ${(cpuOn * 1000).toFixed(3)} ms: tracing costs ${(cost * 100).toFixed(1)} % of throughput (budget ${BUDGET * 100} %) ${ok ? 'pass' : 'FAIL'}`,
    );
    const counted = Math.max(1, on.reduce((n, r) => n + r.requests, 0));
    console.log(
      `  ${''.padEnd(24)} ${spans - spansBefore} spans exported, ${((spans - spansBefore) / counted).toFixed(1)} and ${((exportedBytes - bytesBefore) / counted / 1024).toFixed(1)} KiB per counted request (warm-ups included)`,
    );
  }
} finally {
  for (const { child } of [plain, traced]) child.kill('SIGTERM');
  await Promise.all([plain, traced].map(({ child }) => new Promise((resolve) => child.once('exit', resolve))));
  collector.close();
  await db.close();
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
