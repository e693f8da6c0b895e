/**
 * Budget: the configuration hub sorted by most applied in the last 30 days, with 200 000 shared
 * configurations: page 1000 costs at most 1.5× page 1 (keyset on the ranking's index, from the
 * cursor on). Both are printed as a ratio to `/api/health` in the same run too, so a slow machine
 * reads as a slow machine. Builds the organisation straight in the database with generate_series
 * (PGlite in memory by default; DATABASE_URL for PostgreSQL, where it cleans up after itself),
 * then times page 1 and page 1000 alternately through `app.inject` and prints medians and ratios.
 * It prints; it does not fail on timing.
 *
 *   node --import tsx bench/config-hub.ts      (BENCH_CONFIGS, BENCH_RUNS to change the sizes)
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDb } from '../apps/server/src/db/client.ts';
import { alternate, median } from './measure.ts';
import { encodeCursor } from '../apps/server/src/lib/cursor.ts';

const CONFIGS = Number(process.env.BENCH_CONFIGS ?? 200_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 200);
const PAGE_SIZE = 20;
const DEEP_PAGE = 1000;
const BUDGET = 1.5;

const databaseUrl = process.env.DATABASE_URL;
const dataDir = mkdtempSync(path.join(tmpdir(), 'padhub-bench-'));
const db = await openDb(databaseUrl ? { url: databaseUrl } : {});
const { app } = await buildApp(loadConfig({ SEED: '0', LOG_LEVEL: 'silent', DATA_DIR: dataDir, REGISTER_LIMIT_PER_IP: '1000' }), { db });
const org = `bench-${randomBytes(4).toString('hex')}`;
const models = ['pro-2', 'lite', 'elite-x', 'arcade'];

async function build() {
  const started = performance.now();
  await db.query(
    `insert into organisations (id, name, default_language, currency, moderation_mode, models) values ($1, 'Bench', 'cn', 'CNY', 'post', $2)`,
    [org, JSON.stringify(models.map((id) => ({ id, name: id })))],
  );
  await db.query(
    `insert into users (org_id, username, username_key, password_hash, nickname)
     select $1, 'author' || i, 'author' || i, 'x', 'Author ' || i from generate_series(1, 200) i`,
    [org],
  );
  await db.query(`insert into games (org_id, name, key) select $1, 'Game ' || i, 'game ' || i from generate_series(1, 300) i`, [org]);
  await db.tx(async (q) => {
    // The rows are made whole here (shared, rankings, the post's models), so the triggers that keep
    // them on a live write stay off for this transaction: 200 000 posts through them take minutes.
    await q.query('set local session_replication_role = replica');
    await q.query(
      `insert into configs (org_id, owner_id, model, kind, name, content, game_id, shared, apply_count, applied_30d, like_count,
                            rank_30d, rank_applied, rank_liked, created_at)
       select $1, u.ids[1 + i % 200], (array['pro-2', 'lite', 'elite-x', 'arcade'])[1 + i % 4], (array['mapping', 'macro'])[1 + i % 2],
              'Configuration ' || i, '{}', g.first + i % 300, true,
              (i::bigint * 7919 % 900)::int, (i::bigint * 104729 % 400)::int, (i::bigint * 31 % 120)::int,
              (i::bigint * 104729 % 400)::int, (i::bigint * 7919 % 900)::int, (i::bigint * 31 % 120)::int, now() - ($2 - i) * interval '10 seconds'
       from generate_series(1, $2) i, (select array_agg(id order by id) as ids from users where org_id = $1) u,
            (select min(id) as first from games where org_id = $1) g`,
      [org, CONFIGS],
    );
    await q.query(
      `insert into posts (org_id, author_id, content, lang, model, config_ids, config_models, created_at)
       select c.org_id, c.owner_id, 'A post with ' || c.name, (array['cn', 'en', 'jp', 'ko'])[1 + c.id % 4], c.model, array[c.id], array[c.model], c.created_at
       from configs c where c.org_id = $1`,
      [org],
    );
  });
  for (const table of ['configs', 'posts', 'users', 'games']) await db.exec(`analyze ${table}`);
  console.log(`built ${CONFIGS} shared configurations in ${((performance.now() - started) / 1000).toFixed(1)} s on ${databaseUrl ? 'PostgreSQL' : 'PGlite'}`);
}

async function viewerToken(): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/auth/register', headers: { accorgid: org }, payload: { username: 'viewer', password: 'bench password' } });
  return res.json().data.token;
}

type Query = Record<string, string>;

function requester(url: string, headers: Record<string, string>) {
  return async (query: Query) => {
    const res = await app.inject({ method: 'GET', url, headers, query });
    if (res.statusCode !== 200) throw new Error(`${url} failed: ${res.body}`);
    return res.json().data as { items?: { id: string }[] };
  };
}

/** The cursor a client holds after scrolling to page `page`: the sort key of the last item before it. */
async function cursorOfPage(page: number, where = ''): Promise<string> {
  const [row] = await db.query<{ rank_30d: number; id: string }>(
    `select rank_30d, id from configs c where org_id = $1 and shared and deleted_at is null ${where}
     order by rank_30d desc, id desc offset $2 limit 1`,
    [org, (page - 1) * PAGE_SIZE - 1],
  );
  return encodeCursor('hub-applied30', [row!.rank_30d, row!.id]);
}

const health = requester('/api/health', {});

async function measure(label: string, get: (q: Query) => Promise<{ items?: { id: string }[] }>, base: Query, deep: string, deepPage = DEEP_PAGE) {
  const page = async (query: Query) => {
    const data = await get(query);
    if (data.items && data.items.length !== PAGE_SIZE) throw new Error(`${label}: a page of ${data.items.length}`);
  };
  const [first, last, ping] = (await alternate([() => page(base), () => page({ ...base, cursor: deep }), () => health({})], RUNS)) as [number[], number[], number[]];
  const ratio = median(last) / median(first);
  const h = median(ping);
  console.log(
    `${label.padEnd(28)} page 1: ${median(first).toFixed(2)} ms (${(median(first) / h).toFixed(1)}× health)  ` +
      `page ${deepPage}: ${median(last).toFixed(2)} ms (${(median(last) / h).toFixed(1)}× health)  ` +
      `ratio ${ratio.toFixed(2)} (budget ${BUDGET}) ${ratio <= BUDGET ? 'ok' : 'OVER BUDGET'}`,
  );
}

async function cleanUp() {
  if (!databaseUrl) return;
  // A shared PostgreSQL keeps nothing of the bench.
  await db.query('delete from post_models where org_id = $1', [org]);
  await db.query('delete from posts where org_id = $1', [org]);
  await db.query('delete from configs where org_id = $1', [org]);
  await db.query('delete from games where org_id = $1', [org]);
  await db.query('delete from sessions where org_id = $1', [org]);
  await db.query('delete from users where org_id = $1', [org]);
  await db.query('delete from organisations where id = $1', [org]);
}

try {
  await build();
  const base = { limit: String(PAGE_SIZE), sort: 'applied30' };
  const anonymous = requester('/api/configs/shared', { accorgid: org });
  const signedIn = requester('/api/configs/shared', { accorgid: org, token: await viewerToken() });
  console.log(`${RUNS} runs each, ${PAGE_SIZE} configurations a page, medians (/api/health alongside):`);
  const deep = await cursorOfPage(DEEP_PAGE);
  if (process.env.BENCH_EXPLAIN) {
    const { hubStatement } = await import('../apps/server/src/modules/configs/hub-repo.ts');
    const { decodeCursor } = await import('../apps/server/src/lib/cursor.ts');
    const st = hubStatement({ orgId: org, viewerId: null, sort: 'applied30', after: decodeCursor('hub-applied30', deep, ['int', 'bigint']), limit: 20 });
    console.log((await db.query<Record<string, string>>(`explain analyze ${st.text}`, st.values)).map((r) => Object.values(r)[0]).join('\n'));
  }
  await measure('applied30, anonymous', anonymous, base, deep);
  await measure('applied30, signed in', signedIn, base, deep);
  // A quarter of them are of one model: page 1000 is at two fifths of those.
  const modelPage = Math.min(DEEP_PAGE, Math.floor(CONFIGS / 4 / PAGE_SIZE) - 1);
  await measure('applied30, one model', signedIn, { ...base, model: 'lite' }, await cursorOfPage(modelPage, `and model = 'lite'`), modelPage);
} finally {
  await cleanUp().catch((error) => console.error('clean-up failed:', error));
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
}
