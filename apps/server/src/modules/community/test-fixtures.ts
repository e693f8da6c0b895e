import type { Lang } from '@padhub/contracts';
import type { Actor, TestApp } from '#server-test/helper.ts';
import { type NewPost, insertPost } from './posts-repo.ts';
import type { Db } from '#server/db/client.ts';
import { SearchRepo } from './search-repo.ts';
import { otherCountStatement, surveyStatement } from './search-statements.ts';
import type { SearchStats } from './search-stats.ts';

/**
 * Posts for tests, written straight to the database: creating posts over HTTP (with uploads and
 * idempotency) is another capability's route.
 */
export function makePost(app: TestApp, author: Actor, post: Partial<NewPost> = {}): Promise<string> {
  return insertPost(app.db, { orgId: author.org, authorId: author.id, content: 'A post about controllers', lang: 'cn', ...post });
}

/** Headers of a request, anonymous or as an actor, in a content language. */
export function as(actor: Actor | { org: string; headers?: undefined }, lang: Lang = 'cn'): Record<string, string> {
  return { ...(actor.headers ?? { accorgid: actor.org }), 'accept-language': lang };
}

/*
 * What the search tests share (search-runner, shared-feed, search-shapes): the posts table held
 * while searches wait on it, the plans a search's statements get, search-shapes' posts and queries.
 * (A plan read through PREPARE stays in search-shapes.test.ts: no source file of the server may
 * prepare a named statement, db/transaction-pooling.test.ts.)
 */

/**
 * Holds the database until `release()`: on PostgreSQL a lock on posts (every other connection stays
 * free; a search waits on it, running as far as the server knows, until cancelled or let go), on
 * PGlite its one session, held by an open transaction. Resolves once it is held.
 */
export async function holdPosts(db: Db): Promise<{ release: () => void; hold: Promise<void> }> {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  let holding!: () => void;
  const held = new Promise<void>((resolve) => (holding = resolve));
  const hold = db.tx(async (q) => {
    await q.query(db.kind === 'postgres' ? 'lock table posts in access exclusive mode' : 'select 1');
    holding();
    await gate;
  });
  await held;
  return { release, hold };
}

/** The transactions waiting on a lock (PostgreSQL): each a search running (a pooled connection may carry the next one). */
export async function lockWaiters(db: Db): Promise<string[]> {
  const rows = await db.query<{ search: string }>(`select pid || ' ' || xact_start as search from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`);
  return rows.map((r) => r.search);
}

/** Polls until `done` answers true, for at most five seconds. */
export async function until(done: () => Promise<boolean>): Promise<boolean> {
  for (let i = 0; i < 250 && !(await done()); i++) await new Promise((resolve) => setTimeout(resolve, 20));
  return done();
}

/** EXPLAIN of a statement, as SearchRepo runs its second pass (no sequential scans). */
export const explain = (db: Db, statement: { text: string; values: unknown[] }) =>
  db.tx(async (q) => {
    await q.query('set local enable_seqscan = off');
    return (await q.query<{ 'QUERY PLAN': string }>(`explain ${statement.text}`, statement.values)).map((r) => r['QUERY PLAN']).join('\n');
  });

/** Whether EXPLAIN (ANALYZE, VERBOSE) says the survey never asked search_matches for `lang`'s matches (or there was no survey). */
export function unread(plan: string, lang: Lang) {
  const lines = plan.split('\n');
  return !lines.some((line, i) => /Function Scan on public\.search_matches/.test(line) && !/never executed/.test(line) &&
    lines.slice(i + 1, i + 4).some((next) => new RegExp(`Function Call: search_matches\\([^,]+, '${lang}'`).test(next)));
}

/**
 * EXPLAIN (ANALYZE, VERBOSE) of the survey a first-page search runs and of its count in the other
 * languages (a last page's), with the gates the statistics give them; '' for each that is not run.
 */
export async function surveyPlan(db: Db, stats: SearchStats, filter: Parameters<typeof surveyStatement>[0], otherMax: number) {
  return db.tx(async (tx) => {
    const gates = await new SearchRepo(tx, { stats }).gates(filter, otherMax);
    const survey = surveyStatement(filter, gates);
    const count = gates.elsewhere || filter.lang === 'all' ? undefined : otherCountStatement({ ...filter, lang: filter.lang }, otherMax, gates.probe);
    await tx.query('set local enable_seqscan = off');
    const plans: string[] = [];
    for (const statement of [survey, count]) {
      if (statement !== undefined) plans.push(...(await tx.query<{ 'QUERY PLAN': string }>(`explain (analyze, verbose) ${statement.text}`, statement.values)).map((r) => r['QUERY PLAN']));
    }
    return plans.join('\n');
  });
}

/** search-shapes.test.ts's posts: what each holds by its number and language. */
const tail = ['一', '二', '三', '四', '五', '六', '七'];

/**
 * Four thousand posts, a thousand a language: a common word in every post of its language, a
 * katakana word in half the Japanese ones, a Hangul word in a third of the Korean ones, a word in
 * both scripts in a tenth of the Japanese ones and a rare word in three English ones.
 */
export function content(i: number, lang: Lang): string {
  const n = tail[i % tail.length];
  if (lang === 'cn') return `这个手柄的第${n}种设置`;
  if (lang === 'en') return i % 1300 === 5 ? `stick layout quokkadrift ${n}` : `stick layout number ${n}`;
  if (lang === 'jp') return `${i % 8 < 4 ? 'マクロ設定' : 'コントローラー'}${i % 40 < 4 ? ' macro' : ''} ${n}`;
  return `${i % 3 === 0 ? '매크로 설정' : '컨트롤러 설정'} ${n}`;
}

/** The shapes of query search-shapes.test.ts runs through every pass, with the words each post must hold. */
export const searchShapes: { name: string; q: string; terms: string[]; lang: Lang }[] = [
  { name: 'a common word', q: 'stick', terms: ['stick'], lang: 'en' },
  { name: 'a rare word', q: 'quokkadrift', terms: ['quokkadrift'], lang: 'en' },
  { name: 'two Chinese characters', q: '手柄', terms: ['手柄'], lang: 'cn' },
  { name: 'a katakana word', q: 'マクロ', terms: ['マクロ'], lang: 'jp' },
  { name: 'a Hangul word', q: '매크로', terms: ['매크로'], lang: 'ko' },
  { name: 'words in two scripts', q: 'マクロ macro', terms: ['マクロ', 'macro'], lang: 'jp' },
];
