import type { Lang } from '@padhub/contracts';
import type { Db } from '#server/db/client.ts';
import { SearchRepo } from './search-repo.ts';
import { surveyStatement } from './search-statements.ts';
import type { SearchStats } from './search-stats.ts';

/**
 * What the search tests share (search-runner, shared-feed, search-shapes): the posts table held
 * while searches wait on it, and the plans a search's statements get.
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

/**
 * The plan of search_matches' statement for a language (migration 029), as the function makes it:
 * generic, the tsquery unknown. Its statement is read from the function itself.
 */
export async function matchesPlan(db: Db, lang: Lang | null) {
  const [fn] = await db.query<{ src: string }>(`select prosrc as src from pg_proc where proname = 'search_matches'`);
  const branch = lang === null ? /in_lang is null then\s+return query ([^;]+);/ : new RegExp(`in_lang = '${lang}' then\\s+return query ([^;]+);`);
  const statement = branch.exec(fn!.src)![1]!.replace(/\borg\b(?!_)/g, '$1').replace(/@@ q\b/, '@@ $2').replace(/limit most/, 'limit $3');
  return db.tx(async (q) => {
    await q.query('set local plan_cache_mode = force_generic_plan');
    await q.query(`prepare matches_plan (text, tsquery, int) as ${statement}`);
    const plan = await q.query<{ 'QUERY PLAN': string }>(`explain execute matches_plan ('x', 'x', 10)`);
    await q.query('deallocate matches_plan');
    return plan.map((r) => r['QUERY PLAN']).join('\n');
  });
}

/** Whether EXPLAIN (ANALYZE, VERBOSE) says the survey never asked search_matches for `lang`'s matches (or there was no survey). */
export function unread(plan: string, lang: Lang) {
  const lines = plan.split('\n');
  return !lines.some((line, i) => /Function Scan on public\.search_matches/.test(line) && !/never executed/.test(line) &&
    lines.slice(i + 1, i + 4).some((next) => new RegExp(`Function Call: search_matches\\([^,]+, '${lang}'`).test(next)));
}

/** EXPLAIN (ANALYZE, VERBOSE) of the survey a first-page search runs, with the gates the statistics give it; '' when there is none. */
export async function surveyPlan(db: Db, stats: SearchStats, filter: Parameters<typeof surveyStatement>[0], otherMax: number) {
  return db.tx(async (tx) => {
    const survey = surveyStatement(filter, otherMax, await new SearchRepo(tx, { stats }).gates(filter, otherMax));
    if (survey === undefined) return '';
    await tx.query('set local enable_seqscan = off');
    return (await tx.query<{ 'QUERY PLAN': string }>(`explain (analyze, verbose) ${survey.text}`, survey.values)).map((r) => r['QUERY PLAN']).join('\n');
  });
}
