/**
 * Budgets, for every shape of the feed (newest; popular; filtered by a model authors pick, newest
 * and popular; filtered by a model only carried configurations are for), anonymous and signed in:
 * - the query: a deep page costs at most 1.5× page 1 (keyset pagination), both read from the
 *   database, by a server whose first pages are not shared (FEED_CACHE_MS=0);
 * - what a reader gets: page 1 given from the moment's shared read (community/first-pages.ts, as
 *   deployed) costs at most what reading it costs.
 * Both servers run in this process on one database; page 1, the deep page and the shared page 1
 * are timed in turn through `app.inject` (medians). Every line with a budget ends in `ok` or
 * `OVER BUDGET`; it does not fail on timing.
 *
 * The organisation: by default 100 000 posts built straight in PGlite in memory (DATABASE_URL: in
 * that PostgreSQL, removed afterwards); with BENCH_SEED=scale, bench/seed-scale.ts's million posts
 * on PostgreSQL, in the database bench/search.ts uses (DATABASE_URL to name another), kept.
 *
 *   node --import tsx bench/feed.ts            (BENCH_POSTS, BENCH_RUNS to change the sizes)
 *   BENCH_SEED=scale node --import tsx bench/feed.ts
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDb } from '../apps/server/src/db/client.ts';
import { migrate } from '../apps/server/src/db/migrate.ts';
import { alternate, median } from './measure.ts';
import { searchDocument } from '../apps/server/src/modules/community/search-text.ts';
import { scaleDatabaseUrl } from './scale-database.ts';
import { seedScale } from './seed-scale.ts';
import { CARRIED_ONLY } from './seed-vocabulary.ts';

const scale = process.env.BENCH_SEED === 'scale';
const POSTS = Number(process.env.BENCH_POSTS ?? (scale ? 1_000_000 : 100_000));
const RUNS = Number(process.env.BENCH_RUNS ?? 200);
const PAGE_SIZE = 20;
const BUDGET = 1.5;
const SHARED_BUDGET = 1;

const databaseUrl = scale ? await scaleDatabaseUrl() : process.env.DATABASE_URL;
const db = await openDb(databaseUrl ? { url: databaseUrl } : {});
const models = ['pro-2', 'lite', 'elite-x', 'arcade'];

/** 100 000 posts (by default) written by the database itself; every tenth picks no model and carries a configuration. */
async function build(org: string) {
  const started = performance.now();
  await db.query(
    `insert into organisations (id, name, default_language, currency, moderation_mode, models) values ($1, 'Bench', 'cn', 'CNY', 'post', $2)`,
    [org, JSON.stringify([...models, CARRIED_ONLY].map((id) => ({ id, name: id })))],
  );
  await db.query(
    `insert into users (org_id, username, username_key, password_hash, nickname)
     select $1, 'author' || i, 'author' || i, 'x', 'Author ' || i from generate_series(1, 50) i`,
    [org],
  );
  await db.query(
    `insert into configs (org_id, owner_id, model, kind, name, content)
     select $1, (select min(id) from users where org_id = $1), m, 'mapping', m, '{}' from unnest($2::text[]) m`,
    [org, [...models, CARRIED_ONLY]],
  );
  // Oldest first, so ids follow time.
  await db.query(
    `insert into posts (org_id, author_id, content, lang, model, config_ids, search, like_count, comment_count, created_at)
     select $1, u.ids[1 + i % 50], '第' || i || '条：这个手柄的宏配置分享，背键映射和摇杆死区的设置。',
            (array['cn', 'cn', 'cn', 'cn', 'cn', 'cn', 'cn', 'en', 'jp', 'ko'])[1 + i % 10],
            case when i % 10 = 3 then null else (array['pro-2', 'lite', 'elite-x', 'arcade'])[1 + i % 4] end,
            case when i % 10 = 3 then array[c.ids[1 + (i / 10) % 5]] else '{}' end,
            $3::tsvector, (i::bigint * 7919 % 60)::int, (i::bigint * 104729 % 9)::int, now() - ($2 - i) * interval '20 seconds'
     from generate_series(1, $2) i, (select array_agg(id order by id) as ids from users where org_id = $1) u,
          (select array_agg(id order by id) as ids from configs where org_id = $1) c`,
    [org, POSTS, searchDocument('这个手柄的宏配置分享，背键映射和摇杆死区的设置')],
  );
  // Each carrying post rewrote its configuration's `shared` (migration 011) in this one statement:
  // vacuum leaves the tables as a live database's, where each post is its own transaction.
  await db.exec('vacuum analyze posts, post_models, configs, users');
  console.log(`built ${POSTS} posts in ${((performance.now() - started) / 1000).toFixed(1)} s on ${databaseUrl ? 'PostgreSQL' : 'PGlite'}`);
}

async function organisation(): Promise<string> {
  if (!scale) {
    await migrate(db);
    const org = `bench-${randomBytes(4).toString('hex')}`;
    await build(org);
    return org;
  }
  const started = performance.now();
  const seed = await seedScale(db, { posts: POSTS, org: 'scale', log: (line) => console.log(`  seed: ${line}`) });
  const [carried] = await db.query('select 1 from post_models where org_id = $1 and model = $2 limit 1', [seed.org, CARRIED_ONLY]);
  if (!carried) throw new Error(`organisation ${seed.org} at ${databaseUrl} was seeded before its posts carried configurations: drop that database and run again`);
  console.log(`${seed.reused ? 'reused' : 'seeded'} ${seed.posts} posts in ${((performance.now() - started) / 1000).toFixed(1)} s on PostgreSQL`);
  return seed.org;
}

type Query = Record<string, string>;
type Feed = { items: { id: string }[]; nextCursor: string | null };
type App = Awaited<ReturnType<typeof buildApp>>['app'];

function requester(app: App, headers: Record<string, string>) {
  return async (query: Query): Promise<Feed> => {
    const res = await app.inject({ method: 'GET', url: '/api/posts', headers, query });
    if (res.statusCode !== 200) throw new Error(`feed failed: ${res.body}`);
    return res.json().data as Feed;
  };
}

/** The cursor that opens page `page`, reached by following nextCursor like a client scrolling. */
async function cursorOfPage(get: (q: Query) => Promise<Feed>, base: Query, page: number) {
  let cursor: string | null = null;
  for (let i = 1; i < page; i++) {
    const data = await get({ ...base, ...(cursor ? { cursor } : {}) });
    if (!data.nextCursor) throw new Error(`the feed ended at page ${i}`);
    cursor = data.nextCursor;
  }
  return cursor!;
}

const verdict = (ratio: number, budget: number) => `ratio ${ratio.toFixed(2)} (budget ${budget}) ${ratio <= budget ? 'ok' : 'OVER BUDGET'}`;

/** One shape for one reader: the query's page 1 and deep page, and page 1 from the shared read, timed in turn. */
async function measure(label: string, query: (q: Query) => Promise<Feed>, shared: (q: Query) => Promise<Feed>, base: Query, deep: { page: number; cursor: string }) {
  const [first, last, firstShared] = (await alternate([() => query(base), () => query({ ...base, cursor: deep.cursor }), () => shared(base)], RUNS)).map(median) as [number, number, number];
  const ms = (x: number) => `${x.toFixed(2)} ms`;
  console.log(`${label.padEnd(32)} query   page 1: ${ms(first)}  page ${deep.page}: ${ms(last)}  ${verdict(last / first, BUDGET)}`);
  console.log(`${label.padEnd(32)} shared  page 1: ${ms(firstShared)}  (the query's ${ms(first)})  ${verdict(firstShared / first, SHARED_BUDGET)}`);
}

async function cleanUp(org: string) {
  if (!databaseUrl || scale) return;
  // A shared PostgreSQL keeps nothing of the bench.
  await db.query('delete from post_likes where post_id in (select id from posts where org_id = $1)', [org]);
  await db.query('delete from posts where org_id = $1', [org]);
  await db.query('delete from configs where org_id = $1', [org]);
  await db.query('delete from sessions where org_id = $1', [org]);
  await db.query('delete from users where org_id = $1', [org]);
  await db.query('delete from organisations where id = $1', [org]);
}

/** A server on the bench's database; every one closes it when closed, which `once` makes harmless. */
async function server(dataDir: string, feedCacheMs: string) {
  const config = loadConfig({ SEED: '0', LOG_LEVEL: 'silent', DATA_DIR: dataDir, REGISTER_LIMIT_PER_IP: '1000', FEED_CACHE_MS: feedCacheMs });
  return (await buildApp(config, { db })).app;
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'padhub-bench-'));
const org = await organisation();
const direct = await server(path.join(dataDir, 'direct'), '0');
const deployed = await server(path.join(dataDir, 'deployed'), '1000');
try {
  // A new viewer each run: a kept organisation (scale) would otherwise meet the login limit.
  const credentials = { username: `viewer${randomBytes(3).toString('hex')}`, password: 'bench password' };
  const registered = await direct.inject({ method: 'POST', url: '/api/auth/register', headers: { accorgid: org }, payload: credentials });
  const token = registered.json().data?.token as string | undefined;
  if (!token) throw new Error(`the viewer could not register: ${registered.body}`);
  const readers = [
    ['anonymous', { accorgid: org, 'accept-language': 'cn' }],
    ['signed in', { accorgid: org, 'accept-language': 'cn', token }],
  ] as const;
  const page = { limit: String(PAGE_SIZE) };
  // Pages 500 and 50 lie well inside the filtered feeds: at 100 000 posts, 17 000 cn posts picked
  // arcade or carry its configuration (850 pages), and 2 000 only carry a mini one (100 pages).
  const shapes: [string, Query, number][] = [
    ['newest', page, 1000],
    ['popular', { ...page, sort: 'popular' }, 1000],
    ['model', { ...page, model: 'arcade' }, 500],
    ['model, popular', { ...page, model: 'arcade', sort: 'popular' }, 500],
    ['carried model', { ...page, model: CARRIED_ONLY }, 50],
  ];
  console.log(`${RUNS} runs each, ${PAGE_SIZE} posts a page, medians; query: FEED_CACHE_MS=0, shared: as deployed`);
  for (const [shape, base, deepPage] of shapes) {
    // The viewer has nobody on their lists and no post: their pages hold the anonymous reader's posts.
    const deep = { page: deepPage, cursor: await cursorOfPage(requester(direct, readers[0][1]), base, deepPage) };
    for (const [reader, headers] of readers) await measure(`${shape}, ${reader}`, requester(direct, headers), requester(deployed, headers), base, deep);
  }
} finally {
  await cleanUp(org).catch((error) => console.error('clean-up failed:', error));
  await direct.close();
  await deployed.close();
  rmSync(dataDir, { recursive: true, force: true });
}
