/**
 * Budget: one scrape of `/metrics` costs under 5 ms (p50), printed beside `/api/health` measured in
 * the same run (its ratio: what a scrape costs in health checks). Starts the real server
 * (`apps/server/src/main.ts`) with METRICS_TOKEN on the embedded defaults with demo data (or on
 * DATABASE_URL's PostgreSQL), first asks every GET route of the OpenAPI document once (so that the
 * request families hold a series per route, as a server that has run a while does), then takes
 * scrapes and health checks in turn over one keep-alive connection each.
 *
 *   node --import tsx bench/metrics.ts   (BENCH_RUNS, BENCH_PORT)
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { alternate, median, percentile } from './measure.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 300);
const PORT = Number(process.env.BENCH_PORT ?? 9051);
const BUDGET_MS = 5;
const TOKEN = 'a-token-for-the-metrics-bench';
const dataDir = mkdtempSync(path.join(tmpdir(), 'padhub-metrics-bench-'));

const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
  env: { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', METRICS_TOKEN: TOKEN, ...(process.env.DATABASE_URL ? { SEED: '1' } : {}) },
  stdio: ['ignore', 'pipe', 'inherit'],
});
await new Promise<void>((resolve, reject) => {
  server.stdout.on('data', (chunk: Buffer) => {
    if (chunk.toString().includes('Padhub is running')) resolve();
  });
  server.on('exit', (code) => reject(new Error(`the server exited (${code})`)));
});

const agent = new Agent({ keepAlive: true, maxSockets: 1 });
function get(pathname: string, headers: Record<string, string> = {}): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: PORT, path: pathname, headers, agent }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

try {
  // Every GET route once, its parameters filled with 1, as the organisation padhub and as nobody.
  const doc = JSON.parse((await get('/api/docs/json')).body) as { paths: Record<string, Record<string, unknown>> };
  // The live stream (`/api/events`) never ends an answer, so it is the one GET route left out.
  const routes = Object.entries(doc.paths)
    .filter(([route, methods]) => 'get' in methods && !route.endsWith('/events'))
    .map(([route]) => route.replace(/\{[^}]+\}/g, '1'));
  const asked: Record<string, string>[] = [{ accorgid: 'padhub' }, {}];
  for (const route of routes) for (const headers of asked) await get(route, headers);
  for (const page of ['/app/community/index', '/app/shoopping', '/no/such/page', '/storage/padhub/none']) await get(page);

  const auth = { authorization: `Bearer ${TOKEN}` };
  const first = await get('/metrics', auth);
  if (first.status !== 200) throw new Error(`/metrics answered ${first.status}`);
  const series = first.body.split('\n').filter((line) => line && !line.startsWith('#')).length;
  const [scrapes, health] = await alternate([() => get('/metrics', auth), () => get('/api/health')], RUNS);
  const p50 = median(scrapes!);
  console.log(`${routes.length} GET routes asked; one scrape: ${series} series, ${(first.body.length / 1024).toFixed(0)} KiB; ${RUNS} of each, in turn, on ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`);
  console.log(`  /metrics     p50 ${p50.toFixed(2)} ms  p99 ${percentile(scrapes!, 0.99).toFixed(2)} ms`);
  console.log(`  /api/health  p50 ${median(health!).toFixed(2)} ms  p99 ${percentile(health!, 0.99).toFixed(2)} ms`);
  console.log(`  a scrape costs ${(p50 / median(health!)).toFixed(1)} health checks; budget ${BUDGET_MS} ms: ${p50 < BUDGET_MS ? 'ok' : 'OVER BUDGET'}`);
} finally {
  agent.destroy();
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  rmSync(dataDir, { recursive: true, force: true });
}
