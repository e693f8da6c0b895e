/**
 * Budget: under load, the feed's first page answers at least a quarter of what `/api/health`
 * answers per second at 100 connections, with p99 ≤ 100 ms; a deep page (cursor) and the
 * comments of a post with 10 000 comments (without a session and signed in) are printed beside
 * it, each as a share of health's requests per second in the same run. Seeds its organisation
 * (bench/seed-feed.ts) in the database at DATABASE_URL (PostgreSQL; required), starts the server
 * as its own process on BENCH_PORT and loads it over HTTP with keep-alive connections asking for
 * compressed answers.
 * Exits 1 when a budget is missed.
 *
 *   DATABASE_URL=postgres://… node --import tsx bench/feed-load.ts   (BENCH_POSTS, BENCH_SECONDS, BENCH_PORT)
 *
 * The server reads the environment as given, so FEED_CACHE_MS=0 measures it without the shared
 * first page (as before it existed).
 *
 * With BENCH_SEED=scale the organisation is bench/seed-scale.ts's (a million posts by default, in a
 * database of its own; its most commented post has the 10 000 comments).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDb } from '../apps/server/src/db/client.ts';
import { migrate } from '../apps/server/src/db/migrate.ts';
import { type LoadResult, combine, load } from './load.ts';
import { type FeedSeed, likeAsViewer, seedFeed } from './seed-feed.ts';
import { seedScale } from './seed-scale.ts';

const POSTS = Number(process.env.BENCH_POSTS ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const PORT = Number(process.env.BENCH_PORT ?? 9050);
const SHARE_BUDGET = 0.25;
const P99_BUDGET_MS = 100;
const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) throw new Error('bench/feed-load.ts measures PostgreSQL: set DATABASE_URL');

const db = await openDb({ url: databaseUrl });
await migrate(db);

async function scaleSeed(): Promise<FeedSeed> {
  const scale = await seedScale(db, { posts: POSTS, commentsPerPost: 1, likesPerPost: 2, log: console.log });
  const [post] = await db.query<{ id: string }>(`select id::text from posts where org_id = $1 and lang = 'cn' and review_status = 'passed' order by id desc offset 5 limit 1`, [
    scale.org,
  ]);
  return { org: scale.org, threadPostId: scale.mostCommentedPostId, postId: post!.id };
}
const seed = process.env.BENCH_SEED === 'scale' ? await scaleSeed() : await seedFeed(db, POSTS);

const dataDir = mkdtempSync(path.join(tmpdir(), 'padhub-feed-load-'));
const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
  env: { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', DATABASE_URL: databaseUrl, SEED: '0', LOG_LEVEL: 'warn', DATA_DIR: dataDir, REGISTER_LIMIT_PER_IP: '1000' },
  stdio: ['ignore', 'pipe', 'inherit'],
});
await new Promise<void>((resolve, reject) => {
  server.stdout.on('data', (chunk: Buffer) => {
    if (chunk.toString().includes('Padhub is running')) resolve();
  });
  server.on('exit', (code) => reject(new Error(`the server exited (${code})`)));
});

const base = `http://127.0.0.1:${PORT}`;
const org = { accorgid: seed.org, 'accept-language': 'cn' };

async function api<T>(pathname: string, init: RequestInit = {}): Promise<T> {
  const res = await fetch(base + pathname, { ...init, headers: { ...org, 'content-type': 'application/json', ...init.headers } });
  const body = (await res.json()) as { code: number; data: T };
  if (body.code !== 0) throw new Error(`${pathname}: ${JSON.stringify(body)}`);
  return body.data;
}

async function viewerToken(): Promise<string> {
  const credentials = { username: 'viewer', password: 'bench password' };
  const signIn = (to: string) => api<{ token: string; user: { id: string } }>(to, { method: 'POST', body: JSON.stringify(credentials) });
  const session = await signIn('/api/auth/login').catch(() => signIn('/api/auth/register'));
  await likeAsViewer(db, seed.org, session.user.id);
  return session.token;
}

/** The cursor of page `page` of the anonymous feed, followed as a scrolling client does. */
async function cursorOfPage(page: number): Promise<string> {
  let cursor = '';
  for (let i = 1; i < page; i++) {
    const data = await api<{ nextCursor: string | null }>(`/api/posts?limit=20${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    if (!data.nextCursor) throw new Error(`the feed ended at page ${i}`);
    cursor = data.nextCursor;
  }
  return cursor;
}

interface Row {
  label: string;
  paths: string[];
  headers?: Record<string, string>;
  budget?: boolean;
}

const format = (r: LoadResult) =>
  `${r.rps.toFixed(0).padStart(6)} req/s  p50 ${r.p50.toFixed(1).padStart(6)} ms  p99 ${r.p99.toFixed(1).padStart(6)} ms${r.errors ? `  ${r.errors} errors` : ''}`;

let failed = false;
try {
  const token = await viewerToken();
  const deep = await cursorOfPage(1000);
  const rows: Row[] = [
    { label: 'feed page 1, anonymous', paths: ['/api/posts?limit=20'], budget: true },
    { label: 'feed page 1, signed in', paths: ['/api/posts?limit=20'], headers: { token }, budget: true },
    { label: 'feed page 1000 (cursor)', paths: [`/api/posts?limit=20&cursor=${encodeURIComponent(deep)}`] },
    { label: 'post detail', paths: [`/api/posts/${seed.postId}`] },
    { label: 'comments of 10 000 (page 1)', paths: [`/api/posts/${seed.threadPostId}/comments?limit=20`] },
    { label: 'the same, signed in', paths: [`/api/posts/${seed.threadPostId}/comments?limit=20`], headers: { token } },
  ];
  // A fresh process compiles its hot paths during the first seconds: warm every path before counting.
  for (const row of [{ paths: ['/api/health'] }, ...rows]) await load({ port: PORT, paths: row.paths, headers: { ...org, ...('headers' in row ? row.headers : {}) } }, 10, 1, 0);
  console.log(`${POSTS} posts (${seed.org}) on PostgreSQL; ${SECONDS} s per figure; shares of /api/health's req/s in the same round`);
  for (const connections of [10, 100]) {
    console.log(`\n${connections} connections`);
    for (const row of rows) {
      // Health and the row take turns a second at a time, so a neighbour's load on the machine
      // touches both sides of the share alike.
      const health: LoadResult[] = [];
      const result: LoadResult[] = [];
      for (let i = 0; i < SECONDS; i++) {
        health.push(await load({ port: PORT, paths: '/api/health' }, connections, 1, 0.2));
        result.push(await load({ port: PORT, paths: row.paths, headers: { ...org, ...row.headers } }, connections, 1, 0.2));
      }
      const [h, r] = [combine(health), combine(result)];
      const share = r.rps / h.rps;
      let verdict = '';
      if (row.budget && connections === 100) {
        const ok = share >= SHARE_BUDGET && r.p99 <= P99_BUDGET_MS && r.errors === 0;
        failed ||= !ok;
        verdict = `  (budget ≥ ${SHARE_BUDGET}, p99 ≤ ${P99_BUDGET_MS} ms) ${ok ? 'ok' : 'OVER BUDGET'}`;
      }
      console.log(`  ${row.label.padEnd(28)} ${format(r)}  health ${h.rps.toFixed(0).padStart(5)} req/s p99 ${h.p99.toFixed(1)} ms  share ${share.toFixed(3)}${verdict}`);
    }
  }
} finally {
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  await db.close();
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
