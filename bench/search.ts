/**
 * Budget: every shape of search (a rare word, a common word, two Chinese characters, a katakana
 * word, a Hangul word, words in two scripts, a word common only in another language) answers at
 * p99 ≤ 100 ms at 10 connections on a million-post organisation; req/s are printed as a share of `/api/health` in the same run. Then a
 * burst of 100 connections of rare-word searches, with one client probing `/api/health` meanwhile:
 * health must keep answering (searches beyond the limit are refused with 503, not queued).
 *
 * Seeds the organisation with bench/seed-scale.ts into its own PostgreSQL database (reused when
 * already seeded, so a second run starts at once), starts the server as a child process on
 * BENCH_PORT (9040) and loads it over real HTTP. It prints; it does not fail on timing.
 *
 *   node --import tsx bench/search.ts     (DATABASE_URL: a database to seed or reuse;
 *                                          BENCH_POSTS, BENCH_SECONDS to change the sizes)
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDb } from '../apps/server/src/db/client.ts';
import { percentile } from './measure.ts';
import { scaleDatabaseUrl } from './scale-database.ts';
import { RARE_WORD, seedScale } from './seed-scale.ts';

const POSTS = Number(process.env.BENCH_POSTS ?? 1_000_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const PORT = Number(process.env.BENCH_PORT ?? 9040);
const BUDGET_P99_MS = 100;
const root = path.join(import.meta.dirname, '..');

const shapes = [
  { name: 'rare word', q: RARE_WORD, lang: 'en' },
  { name: 'common word', q: 'stick', lang: 'en' },
  { name: 'two CJK characters', q: '手柄', lang: 'cn' },
  { name: 'katakana', q: 'マクロ', lang: 'jp' },
  { name: 'hangul', q: '매크로', lang: 'ko' },
  { name: 'mixed scripts', q: 'PS5 摇杆', lang: 'cn' },
  // Absent from Chinese, in a quarter of the English posts: the count in the other languages finds it.
  { name: 'common elsewhere', q: 'stick', lang: 'cn' },
] as const;

interface Load {
  latencies: number[];
  statuses: Map<number, number>;
  perSecond: number;
}

/** `connections` clients, each sending the next request when the last one is answered, for `seconds`. */
async function load(url: string, headers: Record<string, string>, connections: number, seconds: number): Promise<Load> {
  const latencies: number[] = [];
  const statuses = new Map<number, number>();
  const until = performance.now() + seconds * 1000;
  const client = async () => {
    while (performance.now() < until) {
      const started = performance.now();
      const res = await fetch(url, { headers });
      await res.arrayBuffer();
      latencies.push(performance.now() - started);
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: connections }, client));
  return { latencies, statuses, perSecond: latencies.length / ((performance.now() - started) / 1000) };
}

const ms = (x: number) => `${x.toFixed(1)} ms`.padStart(9);
const statusLine = (l: Load) => [...l.statuses].map(([status, n]) => `${status}×${n}`).join(' ');

async function main() {
  const url = await scaleDatabaseUrl();
  const db = await openDb({ url });
  const started = performance.now();
  const seed = await seedScale(db, { posts: POSTS, org: 'scale', log: (line) => console.log(`  seed: ${line}`) }).finally(() => db.close());
  console.log(`${seed.reused ? 'reused' : 'seeded'} ${seed.posts} posts in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'padhub-bench-search-'));
  const server = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')], {
    cwd: root,
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
    const search = (q: string) => `${base}/api/posts?${new URLSearchParams({ q }).toString()}`;
    for (const shape of shapes) await load(search(shape.q), { ...org, 'accept-language': shape.lang }, 2, 1);
    const health = await load(`${base}/api/health`, org, 10, SECONDS);
    console.log(`\n10 connections, ${SECONDS} s each; ratios are req/s ÷ /api/health's`);
    console.log(`${'/api/health'.padEnd(20)} p50 ${ms(percentile(health.latencies, 0.5))}  p99 ${ms(percentile(health.latencies, 0.99))}  ${health.perSecond.toFixed(0).padStart(5)} req/s`);
    for (const shape of shapes) {
      const run = await load(search(shape.q), { ...org, 'accept-language': shape.lang }, 10, SECONDS);
      const p99 = percentile(run.latencies, 0.99);
      console.log(
        `${shape.name.padEnd(20)} p50 ${ms(percentile(run.latencies, 0.5))}  p99 ${ms(p99)}  ${run.perSecond.toFixed(0).padStart(5)} req/s  ` +
          `ratio ${(run.perSecond / health.perSecond).toFixed(3)}  (${statusLine(run)})  budget p99 ≤ ${BUDGET_P99_MS} ms: ${p99 <= BUDGET_P99_MS ? 'ok' : 'OVER BUDGET'}`,
      );
    }
    // A burst: 100 connections of rare-word searches, and one client asking for health meanwhile.
    const [burst, probe] = await Promise.all([
      load(search(RARE_WORD), { ...org, 'accept-language': 'en' }, 100, SECONDS),
      load(`${base}/api/health`, org, 1, SECONDS),
    ]);
    const probeP99 = percentile(probe.latencies, 0.99);
    console.log(
      `\nburst of 100 rare-word searches: ${burst.perSecond.toFixed(0)} req/s (${statusLine(burst)}); ` +
        `/api/health meanwhile p99 ${ms(probeP99).trim()} (${statusLine(probe)}): ${probeP99 <= BUDGET_P99_MS && probe.statuses.size === 1 && probe.statuses.has(200) ? 'ok' : 'OVER BUDGET'}`,
    );
  } finally {
    server.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.filename === process.argv[1]) await main();
