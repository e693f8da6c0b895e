/**
 * Where one search's time goes, by statement and by the ranking in Node (docs/search.md, "Where
 * the slow classes' time went"): every query of the chosen classes (bench/search-queries.ts) with
 * every filter in best-match order, through SearchRepo as the server runs it, on the seeded
 * million (bench/scale-database.ts; never seeds). One connection, so the figures are CPU and
 * reads per search, not queueing.
 *
 *   node --import tsx bench/search-profile.ts ["two to eight words" …]
 *   (ORDER=new or ORDER=popular: those orders rather than best match, through SearchRepo.search as
 *   the route asks them; PREPARED=0: statements unnamed, as behind pgbouncer before 1.21;
 *   SLOWEST=n: each class's n slowest searches, statement by statement)
 */
import { otherLanguagesMax, searchCandidates } from '@padhub/contracts';
import { openDb } from '../apps/server/src/db/client.ts';
import type { Queryable } from '../apps/server/src/db/queryable.ts';
import { MatchSets } from '../apps/server/src/modules/community/match-sets.ts';
import { SearchRepo } from '../apps/server/src/modules/community/search-repo.ts';
import { bestMatches } from '../apps/server/src/modules/community/search-relevance.ts';
import { SearchStats } from '../apps/server/src/modules/community/search-stats.ts';
import { searchQuery } from '../apps/server/src/modules/community/search-text.ts';
import { percentile } from './measure.ts';
import { scaleDatabaseUrl } from './scale-database.ts';
import { queryClasses, variants } from './search-queries.ts';

/** What a statement of a search is, by its text. */
function kindOf(sql: string, params: unknown[] = []): string {
  if (sql.includes('set_config')) return 'opening';
  if (sql.includes('array_agg(m.id')) return 'third pass, match set';
  if (sql.includes('as ids')) return 'survey';
  if (sql.includes('row_number()')) return params.some((p) => typeof p === 'string' && p.includes(' | ')) ? 'window (some words)' : 'window';
  if (sql.includes('search_matches_between')) return 'third pass, by id';
  if (sql.includes('as materialized (select')) return 'third pass';
  if (sql.includes('= any(')) return 'page rows / few';
  return 'other';
}

async function main() {
  const db = await openDb({ url: await scaleDatabaseUrl(), poolSize: 1 });
  const stats = new SearchStats();
  // One for the process, as the server's SearchRepo keeps (compose/repos.ts): the second round finds the first's.
  const matchSets = new MatchSets();
  const wanted = process.argv.slice(2);
  const classes = queryClasses().filter((c) => wanted.length === 0 || wanted.includes(c.name));
  const asked = process.env.ORDER;
  const order: 'new' | 'popular' | undefined = asked === 'new' || asked === 'popular' ? asked : undefined;
  const bestMatch = variants.filter((v) => v.params.sort === order);
  try {
    for (const c of classes) {
      const spent = new Map<string, number[]>();
      const add = (kind: string, ms: number) => spent.set(kind, (spent.get(kind) ?? []).concat(ms));
      const totals: number[] = [];
      const searches: { took: number; what: string }[] = [];
      const slowest = new Map<string, { took: number; sql: string; params: unknown[]; lang: string; q: string; variant: string }>();
      for (const round of [0, 1]) {
        for (const variant of bestMatch) {
          for (const query of c.queries) {
            const search = searchQuery(query.q);
            if (search === null) continue;
            const lang = (variant.params.lang ?? query.lang) as 'cn';
            const filter = { orgId: 'scale', lang, viewerId: null, sort: order ?? ('new' as const), model: variant.params.model, hasConfigs: variant.params.hasConfigs === 'true' ? true : undefined, limit: 20, search };
            const started = performance.now();
            let inDb = 0;
            const statements: string[] = [];
            await db.tx(async (tx) => {
              const timed: Queryable = {
                query: async <R>(sql: string, params?: unknown[]) => {
                  const at = performance.now();
                  try {
                    return await tx.query<R>(sql, params);
                  } finally {
                    const took = performance.now() - at;
                    inDb += took;
                    statements.push(`${took.toFixed(1)} ${kindOf(sql, params)}`);
                    if (round === 1) add(kindOf(sql, params), took);
                    if (round === 1 && took > (slowest.get(kindOf(sql, params))?.took ?? 0)) slowest.set(kindOf(sql, params), { took, sql, params: params ?? [], lang, q: query.q, variant: variant.name });
                  }
                },
              };
              const repo = new SearchRepo(timed, { stats, matchSets, thirdPassMs: 50 });
              const otherMax = lang === ('all' as string) ? undefined : otherLanguagesMax;
              if (order === undefined) await bestMatches(repo, filter, query.q, 0, otherMax);
              else await repo.search(filter, otherMax);
            }, { prepared: process.env.PREPARED !== '0' });
            const total = performance.now() - started;
            if (round === 1) {
              totals.push(total);
              searches.push({ took: total, what: `${lang} ${JSON.stringify(query.q)} (${variant.name}): ${statements.join(', ')}` });
              add('Node (ranking, parsing)', total - inDb);
            }
          }
        }
      }
      console.log(`\n${c.name}: ${totals.length} searches, ${order ?? `best match (${searchCandidates} candidates)`}, every filter; per search p50 ${percentile(totals, 0.5).toFixed(1)} ms, p99 ${percentile(totals, 0.99).toFixed(1)} ms`);
      for (const [kind, times] of [...spent].sort((a, b) => b[1].reduce((x, y) => x + y) - a[1].reduce((x, y) => x + y))) {
        const sum = times.reduce((x, y) => x + y);
        console.log(`  ${kind.padEnd(26)} ${(sum / totals.length).toFixed(2).padStart(7)} ms a search  (${times.length} statements, p50 ${percentile(times, 0.5).toFixed(2)}, p99 ${percentile(times, 0.99).toFixed(2)})`);
      }
      for (const search of searches.sort((a, b) => b.took - a.took).slice(0, Number(process.env.SLOWEST ?? 0))) console.log(`  slowest ${search.took.toFixed(1)} ms, ${search.what}`);
      // EXPLAIN=1: the plan of the slowest statement of each kind, as it ran (the same settings).
      if (process.env.EXPLAIN) {
        for (const [kind, s] of slowest) {
          if (kind === 'opening' || kind === 'other') continue;
          const plan = await db.tx(async (tx) => {
            await tx.query(`select set_config('enable_seqscan', 'off', true), set_config('max_parallel_workers_per_gather', '0', true)`);
            return tx.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${s.sql}`, s.params);
          });
          console.log(`\n  slowest ${kind}: ${s.took.toFixed(1)} ms, ${s.lang} ${JSON.stringify(s.q)} (${s.variant})\n${plan.map((r) => `    ${r['QUERY PLAN']}`).join('\n')}`);
        }
      }
    }
  } finally {
    await db.close();
  }
}

await main();
