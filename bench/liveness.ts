/**
 * Budget: `/api/health/live` answers a probe from another process in at most 50 ms (p99) while 100
 * connections read the feed of a 100 000-post organisation on the embedded database (PGlite), so an
 * orchestrator never restarts a server that is only busy. Builds the organisation straight in a PGlite
 * data directory with generate_series, starts the real server on it (`apps/server/src/main.ts`, as
 * `npm run serve` does), then runs the feed load from this process and the probe, one request at a
 * time on a new connection each (as a kubelet does), from a child process. Prints the probe's
 * p50/p99 at rest and under load, and the feed's req/s. It prints; it does not fail on timing.
 *
 *   node --import tsx bench/liveness.ts   (BENCH_POSTS, BENCH_CONNECTIONS, BENCH_SECONDS to change the sizes)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDb } from '../apps/server/src/db/client.ts';
import { migrate } from '../apps/server/src/db/migrate.ts';
import { searchDocument } from '../apps/server/src/modules/community/search-text.ts';
import { percentile } from './measure.ts';
import { probeFor, startServer } from './server-process.ts';

const POSTS = Number(process.env.BENCH_POSTS ?? 100_000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 100);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const BUDGET_MS = 50;
const ORG = 'bench';

const dataDir = mkdtempSync(path.join(tmpdir(), 'padhub-liveness-'));

async function build() {
  const started = performance.now();
  const db = await openDb({ dir: path.join(dataDir, 'db') });
  try {
    await migrate(db);
    await db.query(
      `insert into organisations (id, name, default_language, currency, moderation_mode, models) values ($1, 'Bench', 'cn', 'CNY', 'post', '[]')`,
      [ORG],
    );
    await db.query(
      `insert into users (org_id, username, username_key, password_hash, nickname)
       select $1, 'author' || i, 'author' || i, 'x', 'Author ' || i from generate_series(1, 50) i`,
      [ORG],
    );
    await db.query(
      `insert into posts (org_id, author_id, content, lang, search, like_count, comment_count, created_at)
       select $1, u.ids[1 + i % 50], '第' || i || '条：这个手柄的宏配置分享，背键映射和摇杆死区的设置。', 'cn',
              $3::tsvector, (i::bigint * 7919 % 60)::int, (i::bigint * 104729 % 9)::int, now() - ($2 - i) * interval '20 seconds'
       from generate_series(1, $2) i, (select array_agg(id order by id) as ids from users where org_id = $1) u`,
      [ORG, POSTS, searchDocument('这个手柄的宏配置分享，背键映射和摇杆死区的设置')],
    );
    await db.exec('analyze');
  } finally {
    await db.close();
  }
  console.log(`built ${POSTS} posts in ${((performance.now() - started) / 1000).toFixed(1)} s on PGlite (${dataDir})`);
}

/** The real server on the data directory, on the embedded database whatever the shell says: this bench is about PGlite. */
async function startLivenessServer() {
  const started = performance.now();
  const server = await startServer({ DATA_DIR: dataDir, SEED: '0', DATABASE_URL: undefined });
  console.log(`server listening after ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return server;
}

/** CONNECTIONS keep-alive connections, each asking for the feed's first page again as soon as it has the last. */
async function feedLoad(origin: string, seconds: number) {
  const agent = new Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const times: number[] = [];
  let failures = 0;
  const until = performance.now() + seconds * 1000;
  const one = () =>
    new Promise<void>((resolve) => {
      const t = performance.now();
      const req = request(`${origin}/api/posts?limit=20`, { agent, headers: { accorgid: ORG, 'accept-language': 'cn', 'accept-encoding': 'br, gzip' } }, (res) => {
        res.resume();
        res.on('end', () => {
          if (res.statusCode === 200) times.push(performance.now() - t);
          else failures++;
          resolve();
        });
      });
      req.on('error', () => (failures++, resolve()));
      req.end();
    });
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < until) await one();
    }),
  );
  agent.destroy();
  return { rps: times.length / seconds, p50: percentile(times, 0.5), p99: percentile(times, 0.99), failures };
}

const ms = (x: number) => `${x.toFixed(1)} ms`;

try {
  await build();
  const server = await startLivenessServer();
  try {
    const quiet = await probeFor(server.origin + '/api/health/live', 3);
    console.log(`live at rest: ${quiet.length} probes, p50 ${ms(percentile(quiet, 0.5))}, p99 ${ms(percentile(quiet, 0.99))}`);
    // A machine shared with other work can miss the budget before the feed adds anything.
    if (percentile(quiet, 0.99) > BUDGET_MS) console.log(`(the machine is busy: even at rest the probe's p99 is over ${BUDGET_MS} ms)`);
    // Warm the feed (plans, caches) before timing it.
    await feedLoad(server.origin, 2);
    const [feed, busy] = await Promise.all([feedLoad(server.origin, SECONDS), probeFor(server.origin + '/api/health/live', SECONDS)]);
    console.log(`feed page 1, ${CONNECTIONS} connections, ${SECONDS} s: ${feed.rps.toFixed(0)} req/s, p50 ${ms(feed.p50)}, p99 ${ms(feed.p99)}, ${feed.failures} failed`);
    const p99 = percentile(busy, 0.99);
    console.log(
      `live under that load: ${busy.length} probes, p50 ${ms(percentile(busy, 0.5))}, p99 ${ms(p99)}, max ${ms(Math.max(...busy))} ` +
        `(budget p99 ${BUDGET_MS} ms) ${p99 <= BUDGET_MS ? 'ok' : 'OVER BUDGET'}`,
    );
  } finally {
    await server.stop();
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
