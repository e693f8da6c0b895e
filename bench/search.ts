/**
 * Budget: every class of query a person types (bench/search-queries.ts: single characters at
 * several frequencies, two characters, words, phrases, two to eight words, a rare word with a
 * common one, a hundred mixed characters, no match; each with every filter in every order)
 * answers at p99 ≤ 100 ms at 10 connections on a million-post organisation; req/s are printed as a
 * share of `/api/health` in the same run. Then a burst of 100 connections searching one common
 * Chinese character, with one client probing `/api/health` meanwhile: at least 95 % of the
 * searches answered (not refused) at p99 ≤ 1 s, and health at p99 ≤ 50 ms.
 *
 * Seeds the organisation with bench/seed-scale.ts into its own PostgreSQL database (reused when
 * already seeded, so a second run starts at once), starts the server as a child process on
 * BENCH_PORT (9040) and loads it over real HTTP. It prints; it does not fail on timing.
 *
 *   node --import tsx bench/search.ts     (DATABASE_URL: a database to seed or reuse;
 *                                          BENCH_POSTS, BENCH_SECONDS to change the sizes;
 *                                          BENCH_SERVER: another checkout's server, for a before/after;
 *                                          BENCH_CLASSES: class names, separated by ';', to run those alone;
 *                                          BENCH_SLOWEST: how many of each class's slowest requests to print (3);
 *                                          BENCH_BURST=0: no burst; BENCH_NODE_ARGS: the server's node
 *                                          flags, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof")
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { openDb } from '../apps/server/src/db/client.ts';
import { percentile } from './measure.ts';
import { scaleDatabaseUrl } from './scale-database.ts';
import { type Query, queryClasses, variants } from './search-queries.ts';
import { seedScale } from './seed-scale.ts';

const POSTS = Number(process.env.BENCH_POSTS ?? 1_000_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const PORT = Number(process.env.BENCH_PORT ?? 9040);
const BUDGET_P99_MS = 100;
const BURST_P99_MS = 1000;
const BURST_ANSWERED = 0.95;
const HEALTH_P99_MS = 50;
const root = path.join(import.meta.dirname, '..');

interface Load {
  latencies: number[];
  statuses: Map<number, number>;
  perSecond: number;
  /** The slowest requests, slowest first: what a class's p99 is made of. */
  slowest: { took: number; url: string; lang: string }[];
}

/** How many of a class's slowest requests are printed (BENCH_SLOWEST; 0: none). */
const SLOWEST = Number(process.env.BENCH_SLOWEST ?? 3);

/** `connections` clients, each sending the next request when the last one is answered, for `seconds`. */
interface Request {
  url: string;
  headers: Record<string, string>;
  /** Latencies are also kept under this name (the filter and order), across classes. */
  tag?: string;
}

const byTag = new Map<string, number[]>();

/** `connections` clients, each sending the next request (`next`, in turn) when the last one is answered, for `seconds`. */
async function load(next: () => Request, connections: number, seconds: number): Promise<Load> {
  const latencies: number[] = [];
  const statuses = new Map<number, number>();
  const slowest: Load['slowest'] = [];
  const until = performance.now() + seconds * 1000;
  const client = async () => {
    while (performance.now() < until) {
      const { url, headers, tag } = next();
      const started = performance.now();
      const res = await fetch(url, { headers });
      await res.arrayBuffer();
      const took = performance.now() - started;
      latencies.push(took);
      if (SLOWEST > 0 && (slowest.length < SLOWEST || took > slowest.at(-1)!.took)) {
        slowest.push({ took, url, lang: headers['accept-language'] ?? '' });
        slowest.sort((a, b) => b.took - a.took).splice(SLOWEST);
      }
      if (tag !== undefined) byTag.set(tag, (byTag.get(tag) ?? []).concat(took));
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: connections }, client));
  return { latencies, statuses, slowest, perSecond: latencies.length / ((performance.now() - started) / 1000) };
}

const ms = (x: number) => `${x.toFixed(1)} ms`.padStart(9);
const load1 = () => loadavg()[0]!.toFixed(1);
const statusLine = (l: Load) => [...l.statuses].map(([status, n]) => `${status}×${n}`).join(' ');

async function main() {
  const url = await scaleDatabaseUrl();
  const db = await openDb({ url });
  const started = performance.now();
  const seed = await seedScale(db, { posts: POSTS, org: 'scale', log: (line) => console.log(`  seed: ${line}`) }).finally(() => db.close());
  console.log(`${seed.reused ? 'reused' : 'seeded'} ${seed.posts} posts in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'padhub-bench-search-'));
  const serverRoot = process.env.BENCH_SERVER ?? root;
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter((arg) => arg !== '');
  const server = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', path.join(serverRoot, 'apps/server/src/main.ts')], {
    cwd: serverRoot,
    env: { ...process.env, PORT: String(PORT), DATABASE_URL: url, SEED: '0', LOG_LEVEL: 'silent', DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  try {
    await new Promise<void>((resolve, reject) => {
      server.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('running at') && resolve());
      server.once('exit', (code) => reject(new Error(`the server exited (${code})`)));
    });
    const base = `http://127.0.0.1:${PORT}`;
    const org = { accorgid: seed.org };
    const ask = (query: Query, params: Record<string, string>, tag?: string): Request => ({
      url: `${base}/api/posts?${new URLSearchParams({ q: query.q, ...params }).toString()}`,
      headers: { ...org, 'accept-language': query.lang },
      tag,
    });
    /** Every query of the class with every variant, in turn. */
    const cycle = (queries: Query[]) => {
      let i = 0;
      return () => {
        const at = i++;
        const variant = variants[Math.floor(at / queries.length) % variants.length]!;
        return ask(queries[at % queries.length]!, variant.params, variant.name);
      };
    };
    const health = () => ({ url: `${base}/api/health`, headers: org });
    const only = process.env.BENCH_CLASSES?.split(';').map((name) => name.trim());
    const classes = queryClasses().filter((c) => only === undefined || only.includes(c.name));
    const distinct = classes.reduce((n, c) => n + new Set(c.queries.map((q) => `${q.lang} ${q.q}`)).size, 0);
    // Warm every class once, as the first requests of a process plan their statements.
    for (const c of classes) await load(cycle(c.queries), 2, 1);
    const healthRun = await load(health, 10, SECONDS);
    console.log(`\n${classes.length} classes, ${distinct} distinct queries × ${variants.length} filters and orders; 10 connections, ${SECONDS} s each; ratios are req/s ÷ /api/health's`);
    console.log(`${'/api/health'.padEnd(30)} p50 ${ms(percentile(healthRun.latencies, 0.5))}  p99 ${ms(percentile(healthRun.latencies, 0.99))}  ${healthRun.perSecond.toFixed(0).padStart(5)} req/s  load average ${load1()}`);
    let worst = { name: '', p99: 0 };
    for (const c of classes) {
      const run = await load(cycle(c.queries), 10, SECONDS);
      const p99 = percentile(run.latencies, 0.99);
      if (p99 > worst.p99) worst = { name: c.name, p99 };
      console.log(
        `${c.name.padEnd(30)} p50 ${ms(percentile(run.latencies, 0.5))}  p99 ${ms(p99)}  ${run.perSecond.toFixed(0).padStart(5)} req/s  ` +
          `ratio ${(run.perSecond / healthRun.perSecond).toFixed(3)}  (${statusLine(run)}, load average ${load1()})  budget p99 ≤ ${BUDGET_P99_MS} ms: ${p99 <= BUDGET_P99_MS && run.statuses.size === 1 && run.statuses.has(200) ? 'ok' : 'OVER BUDGET'}`,
      );
      for (const slow of run.slowest) console.log(`    slowest ${ms(slow.took).trim()}: ${slow.lang} ${decodeURIComponent(slow.url.slice(slow.url.indexOf('?') + 1).replaceAll('+', ' '))}`);
    }
    console.log(`worst class: ${worst.name}, p99 ${ms(worst.p99).trim()}`);
    console.log('\nthe same requests by filter and order, across the classes:');
    for (const [tag, times] of byTag) console.log(`  ${tag.padEnd(36)} p50 ${ms(percentile(times, 0.5))}  p99 ${ms(percentile(times, 0.99))}  (${times.length})`);
    if (process.env.BENCH_BURST === '0') return;
    // A burst: 100 connections searching one common Chinese character, and one client asking for health meanwhile.
    const common = queryClasses()[0]!.queries.find((q) => q.lang === 'cn')!;
    // /api/health/live asks nothing of the pool: beside health it tells the event loop's delay from the pool's.
    const live = () => ({ url: `${base}/api/health/live`, headers: org });
    const [burst, probe, liveProbe] = await Promise.all([load(() => ask(common, {}), 100, SECONDS), load(health, 1, SECONDS), load(live, 1, SECONDS)]);
    const answered = (burst.statuses.get(200) ?? 0) / burst.latencies.length;
    const burstP99 = percentile(burst.latencies, 0.99);
    const probeP99 = percentile(probe.latencies, 0.99);
    console.log(
      `\nburst of 100 connections searching ${common.q}: ${burst.perSecond.toFixed(0)} req/s (${statusLine(burst)}), ${(answered * 100).toFixed(1)} % answered, p99 ${ms(burstP99).trim()}; ` +
        `budget ≥ ${BURST_ANSWERED * 100} % answered at p99 ≤ ${BURST_P99_MS} ms: ${answered >= BURST_ANSWERED && burstP99 <= BURST_P99_MS ? 'ok' : 'OVER BUDGET'}`,
    );
    console.log(
      `/api/health meanwhile p99 ${ms(probeP99).trim()} (${statusLine(probe)}, load average ${load1()}): budget p99 ≤ ${HEALTH_P99_MS} ms: ${probeP99 <= HEALTH_P99_MS && probe.statuses.size === 1 && probe.statuses.has(200) ? 'ok' : 'OVER BUDGET'}`,
    );
    console.log(`/api/health/live meanwhile (no database) p50 ${ms(percentile(liveProbe.latencies, 0.5)).trim()}, p99 ${ms(percentile(liveProbe.latencies, 0.99)).trim()} (${statusLine(liveProbe)})`);
  } finally {
    server.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.filename === process.argv[1]) await main();
