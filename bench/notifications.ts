/**
 * Budgets of the notifications (docs/notifications.md): in an organisation holding 1 000 000
 * notifications, the inbox's first page and the unread count of a person with 10 000 of them cost
 * at most 1.5× those of a person with 25 (keyset on the person's index, a counter row instead of a
 * count); and a like on a post that already has 10 000 likes (one group of 10 000 actors in its
 * author's inbox) has a p99 at most 1.5× that of a like on a post with none (fan-out is one row
 * per recipient and group, never a scan of the likes). Every figure is printed as a ratio to
 * `/api/health` measured in the same run too, so a slow machine reads as a slow machine.
 *
 * Builds the organisation straight in the database with generate_series (PGlite in memory by
 * default; DATABASE_URL for PostgreSQL, where it cleans up after itself), then times the calls
 * alternately through `app.inject`. It prints; it does not fail on timing.
 *
 *   node --import tsx bench/notifications.ts   (BENCH_NOTIFICATIONS, BENCH_RUNS to change the sizes)
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDb } from '../apps/server/src/db/client.ts';
import { percentile } from './measure.ts';

const TOTAL = Number(process.env.BENCH_NOTIFICATIONS ?? 1_000_000);
const MINE = 10_000;
const FEW = 25;
const HOT_LIKES = 10_000;
const RUNS = Number(process.env.BENCH_RUNS ?? 300);
const WARM_UP = 20;
const PEOPLE = 12_000;
const POSTS = 20_000;
const LIKERS = 40;
const BUDGET = 1.5;

const databaseUrl = process.env.DATABASE_URL;
const dataDir = mkdtempSync(path.join(tmpdir(), 'padhub-bench-'));
const db = await openDb(databaseUrl ? { url: databaseUrl } : {});
const { app } = await buildApp(
  // The likers like and unlike hundreds of times: the bench, not abuse.
  loadConfig({ SEED: '0', LOG_LEVEL: 'silent', DATA_DIR: dataDir, REGISTER_LIMIT_PER_IP: '1000', RATE_LIMITS: 'like.user=100000/3600,like.ip=1000000/3600' }),
  { db },
);
const org = `bench-${randomBytes(4).toString('hex')}`;

interface Person {
  id: string;
  headers: Record<string, string>;
}

async function register(username: string): Promise<Person> {
  const res = await app.inject({ method: 'POST', url: '/api/auth/register', headers: { accorgid: org }, payload: { username, password: 'bench password' } });
  if (res.statusCode !== 200) throw new Error(`register failed: ${res.body}`);
  const { token, user } = res.json().data;
  return { id: String(user.id), headers: { accorgid: org, token } };
}

/** Inserts `count` mentions for the recipients `recipients` (an SQL expression of `i`), each naming a post of the organisation. */
async function mentions(count: number, recipients: string, params: unknown[]) {
  await db.query(
    `insert into notifications (org_id, recipient_id, type, target_type, target_id, excerpt, actor_ids, actor_count, read, updated_at)
     select $1, ${recipients}, 'mention', 'post', p.ids[1 + i % ${POSTS}], '第' || i || '条：@了你', array[u.ids[1 + (i * 7) % ${PEOPLE}]], 1, i % 3 = 0,
            now() - (${count} - i) * interval '1 second'
     from generate_series(1, ${count}) i, (select array_agg(id order by id) as ids from users where org_id = $1 and username like 'u%') u,
          (select array_agg(id order by id) as ids from posts where org_id = $1) p`,
    [org, ...params],
  );
}

async function build(reader: Person, light: Person) {
  const started = performance.now();
  await db.query(
    `insert into users (org_id, username, username_key, password_hash, nickname)
     select $1, 'u' || i, 'u' || i, 'x', 'Person ' || i from generate_series(1, $2) i`,
    [org, PEOPLE],
  );
  await db.query(
    `insert into posts (org_id, author_id, content, lang, created_at)
     select $1, u.ids[1 + i % ${PEOPLE}], '第' || i || '条：背键映射和摇杆死区的设置。', 'cn', now() - ($2 - i) * interval '20 seconds'
     from generate_series(1, $2) i, (select array_agg(id order by id) as ids from users where org_id = $1) u`,
    [org, POSTS],
  );
  // The reader's 10 000 (one of them the hot post's group, made below), the light reader's 25, and everyone else's.
  await mentions(MINE - 1, '$2::bigint', [reader.id]);
  await mentions(FEW, '$2::bigint', [light.id]);
  await mentions(TOTAL - MINE - FEW, `u.ids[1 + i % ${PEOPLE}]`, []);
  await db.query(
    `insert into notification_counters (user_id, unread)
     select recipient_id, count(*) filter (where not read) from notifications where org_id = $1 group by recipient_id`,
    [org],
  );
  await db.exec('analyze notifications');
  await db.exec('analyze users');
  await db.exec('analyze posts');
  console.log(`built ${TOTAL} notifications (${MINE} for one person) in ${((performance.now() - started) / 1000).toFixed(1)} s on ${databaseUrl ? 'PostgreSQL' : 'PGlite'}`);
}

/** Two posts of the reader: one liked by 10 000 people (their group in the reader's inbox included), one by nobody. */
async function hotAndCold(reader: Person): Promise<{ hot: string; cold: string }> {
  const [hot, cold] = await db.query<{ id: string }>(
    `insert into posts (org_id, author_id, content, lang) select $1, $2, x, 'cn' from unnest(array['热门帖子', '冷门帖子']) x returning id`,
    [org, reader.id],
  );
  await db.tx(async (q) => {
    await q.query(
      `insert into post_likes (post_id, user_id) select $1, id from users where org_id = $2 and username like 'u%' order by id limit $3`,
      [hot!.id, org, HOT_LIKES],
    );
    await q.query('update posts set like_count = $2 where id = $1', [hot!.id, HOT_LIKES]);
    const [group] = await q.query<{ id: string }>(
      `insert into notifications (org_id, recipient_id, type, group_key, target_type, target_id, excerpt, actor_count, read)
       values ($1, $2, 'post_like', $3, 'post', $4, '热门帖子', $5, true) returning id`,
      [org, reader.id, `post_like:post:${hot!.id}`, hot!.id, HOT_LIKES],
    );
    await q.query(`insert into notification_actors (notification_id, actor_id) select $1, user_id from post_likes where post_id = $2 order by seq`, [group!.id, hot!.id]);
    await q.query(
      `update notifications set actor_ids = array(select actor_id from notification_actors where notification_id = $1 order by seq desc limit 3) where id = $1`,
      [group!.id],
    );
  });
  await db.exec('analyze post_likes');
  await db.exec('analyze notification_actors');
  return { hot: hot!.id, cold: cold!.id };
}

async function timed(call: () => Promise<{ statusCode: number; body: string }>): Promise<number> {
  const t = performance.now();
  const res = await call();
  const ms = performance.now() - t;
  if (res.statusCode !== 200) throw new Error(`a call failed: ${res.body}`);
  return ms;
}

const health = () => app.inject({ method: 'GET', url: '/api/health' });
const fmt = (ms: number, h: number) => `${ms.toFixed(2)} ms (${(ms / h).toFixed(1)}× health median)`;
const verdict = (ratio: number) => `ratio ${ratio.toFixed(2)} (budget ${BUDGET}) ${ratio <= BUDGET ? 'ok' : 'OVER BUDGET'}`;

/** Times `heavy` and `light` alternately beside /api/health; prints the statistic `p` of each and their ratio. */
async function compare(label: string, heavy: () => Promise<number>, light: () => Promise<number>, p: number, names: [string, string]) {
  const h: number[] = [];
  const l: number[] = [];
  const ping: number[] = [];
  for (let i = 0; i < RUNS + WARM_UP; i++) {
    const [a, b, c] = [await heavy(), await light(), await timed(health)];
    if (i < WARM_UP) continue;
    h.push(a);
    l.push(b);
    ping.push(c);
  }
  const stat = p === 0.5 ? 'median' : `p${Math.round(p * 100)}`;
  const base = percentile(ping, 0.5);
  console.log(
    `${label.padEnd(22)} ${stat} ${names[0]}: ${fmt(percentile(h, p), base)}  ${names[1]}: ${fmt(percentile(l, p), base)}  ${verdict(percentile(h, p) / percentile(l, p))}`,
  );
}

async function cleanUp() {
  if (!databaseUrl) return;
  // A shared PostgreSQL keeps nothing of the bench.
  const users = 'select id from users where org_id = $1';
  await db.query('delete from push_outbox where org_id = $1', [org]);
  await db.query(`delete from notification_actors where notification_id in (select id from notifications where org_id = $1)`, [org]);
  await db.query('delete from notifications where org_id = $1', [org]);
  await db.query(`delete from notification_counters where user_id in (${users})`, [org]);
  await db.query(`delete from post_likes where post_id in (select id from posts where org_id = $1)`, [org]);
  await db.query('delete from post_models where org_id = $1', [org]);
  await db.query('delete from posts where org_id = $1', [org]);
  await db.query('delete from sessions where org_id = $1', [org]);
  await db.query('delete from users where org_id = $1', [org]);
  await db.query('delete from organisations where id = $1', [org]);
}

try {
  await db.query(`insert into organisations (id, name, default_language, currency, moderation_mode, models) values ($1, 'Bench', 'cn', 'CNY', 'post', '[]')`, [org]);
  const [reader, light] = [await register('reader'), await register('light')];
  await build(reader, light);
  const { hot, cold } = await hotAndCold(reader);
  const likers: Person[] = [];
  for (let i = 0; i < LIKERS; i++) likers.push(await register(`liker${i}`));
  console.log(`${RUNS} runs each, /api/health alongside:`);

  const inbox = (who: Person) => () => timed(() => app.inject({ method: 'GET', url: '/api/notifications?limit=20', headers: who.headers }));
  const unread = (who: Person) => () => timed(() => app.inject({ method: 'GET', url: '/api/notifications/unread', headers: who.headers }));
  await compare('inbox, first page', inbox(reader), inbox(light), 0.5, [`${MINE} items`, `${FEW} items`]);
  await compare('unread count', unread(reader), unread(light), 0.5, [`${MINE} items`, `${FEW} items`]);

  // Each liker likes (timed) and unlikes (not timed), so every like joins or starts a group anew.
  let turn = 0;
  const like = (post: string) => async () => {
    const who = likers[turn++ % LIKERS]!;
    const ms = await timed(() => app.inject({ method: 'PUT', url: `/api/posts/${post}/like`, headers: who.headers }));
    await timed(() => app.inject({ method: 'DELETE', url: `/api/posts/${post}/like`, headers: who.headers }));
    return ms;
  };
  await compare('like', like(hot), like(cold), 0.99, [`${HOT_LIKES} likes`, 'no likes']);
} finally {
  await cleanUp().catch((error) => console.error('clean-up failed:', error));
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
}
