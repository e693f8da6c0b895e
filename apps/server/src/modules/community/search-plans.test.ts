import { describe, expect, it } from 'vitest';
import type { Queryable } from '#server/db/client.ts';
import { textLiteral } from '#server/db/sql.ts';
import { buildTestApp, ORG, OTHER_ORG, registerUser } from '#server-test/helper.ts';
import { insertPosts } from './posts-repo.ts';
import { SearchRepo } from './search-repo.ts';
import { fewStatement, windowStatement } from './search-statements.ts';
import { searchQuery } from './search-text.ts';

// docs/search.md, "Generic plans".
const app = await buildTestApp();
const onPostgres = app.db.kind === 'postgres';
// Two organisations, one with ten times the other's posts: a plan made without seeing which one is
// asked must still walk the asked one's posts alone.
const big = await registerUser(app, { org: ORG });
const small = await registerUser(app, { org: OTHER_ORG });
// The smaller one's posts are of a model, so its feed by model is post_models' (migration 007).
const posts = (actor: typeof big, n: number, model?: string) =>
  Array.from({ length: n }, (_, i) => ({ orgId: actor.org, authorId: actor.id, lang: 'en' as const, model, content: `gamepad plans ${i % 7 === 0 ? 'quokkaplan' : 'filler'} ${i}` }));
await insertPosts(app.db, posts(big, 3000));
await insertPosts(app.db, posts(small, 300, 'elite-x'));
await app.db.exec('analyze posts');

/** The generic plan of a statement of a search, as it runs, its parameters written out. */
async function genericPlan(statement: { text: string; values: unknown[] }): Promise<string[]> {
  return app.db.tx(async (q: Queryable) => {
    await q.query(`select set_config('enable_seqscan', 'off', true), set_config('plan_cache_mode', 'force_generic_plan', true), set_config('jit', 'off', true)`);
    await q.query(`prepare plans_statement as ${statement.text}`);
    const literal = (value: unknown) => (value === null ? 'null' : textLiteral(typeof value === 'string' ? value : JSON.stringify(value).replace(/^\[(.*)\]$/, '{$1}')));
    const lines = await q.query<{ 'QUERY PLAN': string }>(`explain (analyze, costs off) execute plans_statement(${statement.values.map(literal).join(', ')})`);
    await q.query('deallocate plans_statement');
    return lines.map((line) => line['QUERY PLAN']);
  });
}

const filter = (org: string) => ({ orgId: org, lang: 'en' as const, viewerId: null, sort: 'new' as const, search: searchQuery('quokkaplan')!, limit: 20 });

describe('a search plans each statement once', () => {
  it('asks for generic plans and no JIT in its own transaction, and finds the same posts', async () => {
    const { found, settings } = await app.db.tx(async (q: Queryable) => {
      const found = await new SearchRepo(q).search(filter(small.org));
      const [settings] = await q.query<{ mode: string; jit: string }>(`select current_setting('plan_cache_mode') as mode, current_setting('jit') as jit`);
      return { found, settings };
    }, { prepared: true });
    expect(settings).toEqual({ mode: 'force_generic_plan', jit: 'off' });
    expect(found.rows).toHaveLength(21);
    expect(found.rows.every((row) => row.content.includes('quokkaplan'))).toBe(true);
    // Outside a search, the connection plans as it always did.
    const [after] = await app.db.query<{ mode: string }>(`select current_setting('plan_cache_mode') as mode`);
    expect(after!.mode).toBe('auto');
  });

  it.skipIf(!onPostgres)('PostgreSQL: its named statements are bound to their generic plan, never a custom one', async () => {
    const counts = await app.db.tx(async (q: Queryable) => {
      // No answer from the text index alone (`rare: 0`): every search walks its window.
      const repo = new SearchRepo(q, { rare: 0 });
      for (const org of [small.org, big.org, small.org]) await repo.search(filter(org));
      return q.query<{ generic: number; custom: number }>(
        `select generic_plans::int as generic, custom_plans::int as custom from pg_prepared_statements where statement like '%row_number() over%'`,
      );
    }, { prepared: true });
    // One window statement an organisation (its id is in the text), planned once, bound three times.
    expect(counts).toHaveLength(2);
    expect(counts.map((c) => c.custom)).toEqual([0, 0]);
    expect(counts.map((c) => c.generic).sort()).toEqual([1, 2]);
  });

  it.skipIf(!onPostgres)('PostgreSQL: the window\'s generic plan walks the asked organisation\'s feed index, not every post', async () => {
    for (const lang of ['en', 'all'] as const) {
      const plan = await genericPlan(windowStatement({ ...filter(small.org), lang }));
      // The walk is the scan under the window's row_number(): on a feed index, whose first column is the organisation.
      const walk = plan.slice(plan.findIndex((line) => line.includes('WindowAgg'))).find((line) => / Scan /.test(line));
      expect(walk, plan.join('\n')).toMatch(/Index Scan using posts_feed_\w+ on posts/);
      expect(plan.join('\n')).not.toMatch(/Rows Removed by Filter: 3\d{3}/);
    }
  });

  it.skipIf(!onPostgres)('PostgreSQL: the page of a few listed posts, each tested against the query, reads them by id, never the text index', async () => {
    const listed = await app.db.query<{ id: string }>(`select id::text from posts where org_id = $1 order by id desc limit 300`, [small.org]);
    for (const model of [undefined, 'elite-x']) {
      const plan = (await genericPlan(fewStatement({ ...filter(small.org), model }, listed.map((row) => row.id), true))).join('\n');
      expect(plan).not.toMatch(/posts_search/);
      expect(plan).toMatch(/= ANY \(\$\d+\)/);
      // Tested as a function the planner has no index for: written as `@@`, a plan on the
      // million posts (docs/search.md) answered it from the text index, 1 732 rows for 40 ids.
      expect(plan).toMatch(/Filter: .*ts_match_vq\(search, \$\d+\)/);
    }
  });
});
