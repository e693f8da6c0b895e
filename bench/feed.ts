/**
 * Budget: the feed endpoint at page 1000 of a 100 000-post organisation costs at most 1.5× page 1
 * (keyset pagination); filtered by a controller model (picked, or carried by one of the
 * post's configurations), a deep page costs at most 1.5× page 1 as well. Builds the organisation straight in the database (PGlite in
 * memory by default; DATABASE_URL for PostgreSQL, where it cleans up after itself), walks the
 * cursors to page 1000 through the API, then times page 1 and page 1000 alternately through
 * `app.inject` and prints medians and ratios. It prints; it does not fail on timing.
 *
 *   node --import tsx bench/feed.ts            (BENCH_POSTS, BENCH_RUNS to change the sizes)
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDb } from '../apps/server/src/db/client.ts';
import { alternate, median } from './measure.ts';
import { searchDocument } from '../apps/server/src/modules/community/search-text.ts';

const POSTS = Number(process.env.BENCH_POSTS ?? 100_000);
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
/** A model no author picks: its posts are found only through the configurations they carry. */
const carriedOnly = 'mini';

async function build() {
  const started = performance.now();
  await db.query(
    `insert into organisations (id, name, default_language, currency, moderation_mode, models) values ($1, 'Bench', 'cn', 'CNY', 'post', $2)`,
    [org, JSON.stringify([...models, carriedOnly].map((id) => ({ id, name: id })))],
  );
  await db.query(
    `insert into users (org_id, username, username_key, password_hash, nickname)
     select $1, 'author' || i, 'author' || i, 'x', 'Author ' || i from generate_series(1, 50) i`,
    [org],
  );
  // One configuration of each model; every tenth post carries one and picks no model itself.
  await db.query(
    `insert into configs (org_id, owner_id, model, kind, name, content)
     select $1, (select min(id) from users where org_id = $1), m, 'mapping', m, '{}' from unnest($2::text[]) m`,
    [org, [...models, carriedOnly]],
  );
  // Rows made by the database itself: 100 000 posts in one statement, oldest first so ids follow time.
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
  await db.exec('analyze posts');
  await db.exec('analyze users');
  console.log(`built ${POSTS} posts in ${((performance.now() - started) / 1000).toFixed(1)} s on ${databaseUrl ? 'PostgreSQL' : 'PGlite'}`);
}

async function viewerToken(): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/auth/register', headers: { accorgid: org }, payload: { username: 'viewer', password: 'bench password' } });
  return res.json().data.token;
}

type Query = Record<string, string>;

function requester(headers: Record<string, string>) {
  return async (query: Query) => {
    const res = await app.inject({ method: 'GET', url: '/api/posts', headers, query });
    if (res.statusCode !== 200) throw new Error(`feed failed: ${res.body}`);
    return res.json().data as { items: { id: string }[]; nextCursor: string | null };
  };
}

/** The cursor that opens page `page`, reached by following nextCursor like a client scrolling. */
async function cursorOfPage(get: (q: Query) => ReturnType<ReturnType<typeof requester>>, base: Query, page: number) {
  let cursor: string | null = null;
  for (let i = 1; i < page; i++) {
    const data = await get({ ...base, ...(cursor ? { cursor } : {}) });
    if (!data.nextCursor) throw new Error(`the feed ended at page ${i}`);
    cursor = data.nextCursor;
  }
  return cursor!;
}

async function measure(label: string, get: (q: Query) => Promise<unknown>, base: Query, deepPage = DEEP_PAGE) {
  const deep = await cursorOfPage(get as never, base, deepPage);
  const [first, last] = (await alternate([() => get(base), () => get({ ...base, cursor: deep })], RUNS)) as [number[], number[]];
  const ratio = median(last) / median(first);
  console.log(
    `${label.padEnd(30)} page 1: ${median(first).toFixed(2)} ms  page ${deepPage}: ${median(last).toFixed(2)} ms  ` +
      `ratio ${ratio.toFixed(2)} (budget ${BUDGET}) ${ratio <= BUDGET ? 'ok' : 'OVER BUDGET'}`,
  );
}

async function cleanUp() {
  if (!databaseUrl) return;
  // A shared PostgreSQL keeps nothing of the bench.
  await db.query('delete from post_likes where post_id in (select id from posts where org_id = $1)', [org]);
  await db.query('delete from posts where org_id = $1', [org]);
  await db.query('delete from configs where org_id = $1', [org]);
  await db.query('delete from sessions where org_id = $1', [org]);
  await db.query('delete from users where org_id = $1', [org]);
  await db.query('delete from organisations where id = $1', [org]);
}

try {
  await build();
  const anonymous = requester({ accorgid: org, 'accept-language': 'cn' });
  const signedIn = requester({ accorgid: org, 'accept-language': 'cn', token: await viewerToken() });
  console.log(`${RUNS} runs each, ${PAGE_SIZE} posts a page, medians:`);
  await measure('newest, anonymous', anonymous, { limit: String(PAGE_SIZE) });
  await measure('newest, signed in', signedIn, { limit: String(PAGE_SIZE) });
  await measure('popular, signed in', signedIn, { limit: String(PAGE_SIZE), sort: 'popular' });
  // 17 000 posts of the cn feed picked arcade or carry its configuration (page 500 of 850); 2 000
  // only carry a mini configuration (page 50 of 100).
  await measure('model, anonymous', anonymous, { limit: String(PAGE_SIZE), model: 'arcade' }, 500);
  await measure('model, signed in', signedIn, { limit: String(PAGE_SIZE), model: 'arcade' }, 500);
  await measure('model, popular, signed in', signedIn, { limit: String(PAGE_SIZE), model: 'arcade', sort: 'popular' }, 500);
  await measure('carried model, anonymous', anonymous, { limit: String(PAGE_SIZE), model: carriedOnly }, 50);
  await measure('carried model, signed in', signedIn, { limit: String(PAGE_SIZE), model: carriedOnly }, 50);
} finally {
  await cleanUp().catch((error) => console.error('clean-up failed:', error));
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
}
