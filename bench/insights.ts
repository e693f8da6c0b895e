/**
 * Budget: every group of the console's insights over 90 days (each a call drawing several charts,
 * docs/insights.md) answers at p99 ≤ 1 s on the million-post organisation, one call at a time and
 * the whole page's groups at once; `/api/health` is measured in the same run and each figure is
 * also printed as a ratio to it.
 *
 * Seeds (or reuses) the organisation with bench/seed-scale.ts in the benches' PostgreSQL database
 * (bench/scale-database.ts, shared with bench/search.ts), adds a day's use for a tenth of its
 * people on each of the last 180 days when it has none (and 180 days of searched words, goods seen
 * and bought, the last two days as raw rows), and runs the rollup job once over it
 * (a back-fill of 180 days the first time, the job's usual pass after that), timed. Then starts
 * the server as a child process on BENCH_PORT (9041) and asks it over real HTTP as an admin.
 *
 *   node --import tsx bench/insights.ts     (DATABASE_URL: a database to seed or reuse; BENCH_ROUNDS)
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { insightsGroupSchema } from '@padhub/contracts';
import { openDb } from '../apps/server/src/db/client.ts';
import { InsightsRollup } from '../apps/server/src/modules/insights/public.ts';
import { alternate, percentile } from './measure.ts';
import { scaleDatabaseUrl } from './scale-database.ts';
import { seedScale } from './seed-scale.ts';

const POSTS = Number(process.env.BENCH_POSTS ?? 1_000_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 30);
const PORT = Number(process.env.BENCH_PORT ?? 9041);
const BUDGET_MS = 1000;
const root = path.join(import.meta.dirname, '..');
const load1 = () => loadavg()[0]!.toFixed(1);
const ms = (x: number) => `${x.toFixed(1)} ms`.padStart(10);

async function main() {
  const url = await scaleDatabaseUrl();
  const db = await openDb({ url });
  let org: string;
  try {
    const seed = await seedScale(db, { posts: POSTS, org: 'scale', log: (line) => console.log(`  seed: ${line}`) });
    org = seed.org;
    console.log(`${seed.reused ? 'reused' : 'seeded'} ${seed.posts} posts`);
    // The seed has no sessions: a tenth of the people use Padhub on each of the last 180 days.
    const [used] = await db.query<{ any: boolean }>('select exists (select 1 from active_days where org_id = $1) as any', [org]);
    if (!used!.any) {
      await db.query(
        `insert into active_days (org_id, day, user_id)
         select $1, current_date - d, u.id from generate_series(0, 179) d
         join users u on u.org_id = $1 and abs(hashtext(u.id::text || '-' || d)) % 10 = 0`,
        [org],
      );
    }
    // A busy search box and shop (docs/insights.md, "Usage"), for 180 days: the 500 words a day the rollup keeps, 500
    // that found nothing, 300 goods seen and bought; and the last two days' raw rows (2,000 words) the rollup counts.
    const [searched] = await db.query<{ any: boolean }>(`select exists (select 1 from insight_days where org_id = $1 and series = 'search.searches') as any`, [org]);
    if (!searched!.any) {
      await db.query(
        `insert into insight_days (org_id, series, dim, day, value)
         select $1, s.series, s.prefix || w, current_date - d, 3 + abs(hashtext(w || '-' || d)) % 50
         from generate_series(3, 179) d
         cross join (values ('search.searches', 'word', 500), ('search.no_results', 'word', 500), ('shop.views', '', 300), ('shop.buys', '', 300)) s (series, prefix, n)
         cross join lateral generate_series(1, s.n) w
         on conflict do nothing`,
        [org],
      );
      await db.query(
        `insert into insight_usage (org_id, kind, day, key, user_id, found)
         select $1, k.kind, current_date - d, case when k.kind = 'search' then 'word' || w else w::text end, u.id, w % 4 <> 0
         from generate_series(0, 1) d cross join (values ('search', 2000), ('goods_view', 300), ('goods_buy', 300)) k (kind, n)
         cross join lateral generate_series(1, k.n) w
         cross join lateral (select id from users where org_id = $1 order by id limit 5) u
         on conflict do nothing`,
        [org],
      );
    }
    const [runs] = await db.query<{ any: boolean }>('select exists (select 1 from insight_rollups where org_id = $1) as any', [org]);
    const started = performance.now();
    await new InsightsRollup(db).keep();
    const [rows] = await db.query<{ n: number }>('select count(*)::int as n from insight_days where org_id = $1', [org]);
    console.log(
      `rollup: ${runs!.any ? 'the usual pass (3 days, cohorts of 60)' : 'back-fill of 180 days'} in ${((performance.now() - started) / 1000).toFixed(1)} s ` +
        `(load average ${load1()}); ${rows!.n} daily figures kept`,
    );
  } finally {
    await db.close();
  }

  const dataDir = mkdtempSync(path.join(tmpdir(), 'padhub-bench-insights-'));
  // The server's own rollup stays out of the measurement: its first pass would come in 6 hours.
  const server = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')], {
    cwd: root,
    env: { ...process.env, PORT: String(PORT), DATABASE_URL: url, SEED: '0', LOG_LEVEL: 'silent', DATA_DIR: dataDir, INSIGHTS_EVERY_SECONDS: '86400' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  try {
    await new Promise<void>((resolve, reject) => {
      server.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('running at') && resolve());
      server.once('exit', (code) => reject(new Error(`the server exited (${code})`)));
    });
    const base = `http://127.0.0.1:${PORT}`;
    const username = `insights${Date.now().toString(36)}`;
    const registered = await fetch(`${base}/api/auth/register`, {
      method: 'POST',
      headers: { accorgid: org, 'content-type': 'application/json' },
      body: JSON.stringify({ username, password: 'correct horse battery' }),
    });
    const { data } = (await registered.json()) as { data: { token: string; user: { id: string } } };
    const admin = await openDb({ url, poolSize: 1 });
    await admin.query(`update users set role = 'admin' where id = $1`, [data.user.id]).finally(() => admin.close());
    const headers = { accorgid: org, token: data.token };

    const ask = async (group: string) => {
      const res = await fetch(`${base}/api/admin/insights/${group}?range=90`, { headers });
      const body = (await res.json()) as { code: number; data: { series: { values: number[] }[] } };
      if (res.status !== 200 || body.code !== 0 || body.data.series.some((s) => s.values.length !== 90)) throw new Error(`insights ${group}: ${res.status}`);
    };
    const health = async () => void (await (await fetch(`${base}/api/health`, { headers: { accorgid: org } })).arrayBuffer());
    const groups = insightsGroupSchema.options;
    const page = () => Promise.all(groups.map(ask));
    const times = await alternate([health, ...groups.map((g) => () => ask(g)), page], ROUNDS, 5);
    const healthP50 = percentile(times[0]!, 0.5);
    console.log(`\n90 days, ${ROUNDS} rounds; ratios are p50 ÷ /api/health's p50 (load average ${load1()})`);
    console.log(`${'/api/health'.padEnd(24)} p50 ${ms(healthP50)}  p99 ${ms(percentile(times[0]!, 0.99))}`);
    const lines = [...groups.map((g) => `insights/${g}`), 'the page (every group at once)'];
    lines.forEach((name, i) => {
      const taken = times[i + 1]!;
      const p99 = percentile(taken, 0.99);
      console.log(
        `${name.padEnd(24)} p50 ${ms(percentile(taken, 0.5))}  p99 ${ms(p99)}  ratio ${(percentile(taken, 0.5) / healthP50).toFixed(1)}  ` +
          `budget p99 ≤ ${BUDGET_MS} ms: ${p99 <= BUDGET_MS ? 'ok' : 'OVER BUDGET'}`,
      );
    });
  } finally {
    server.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.filename === process.argv[1]) await main();
