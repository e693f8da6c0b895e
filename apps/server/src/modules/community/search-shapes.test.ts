import { describe, expect, it } from 'vitest';
import type { Lang, Post } from '@padhub/contracts';
import type { Queryable } from '#server/db/client.ts';
import { buildTestApp, data, registerUser } from '#server-test/helper.ts';
import { insertPosts, type NewPost } from './posts-repo.ts';
import { SearchRepo } from './search-repo.ts';
import { matchesStatement, type surveyStatement, windowStatement } from './search-statements.ts';
import { content, explain, searchShapes as shapes, surveyPlan as surveyPlanOf, unread } from './test-fixtures.ts';
import { SearchStats } from './search-stats.ts';
import { searchQuery } from './search-text.ts';
import { as } from './test-fixtures.ts';

const app = await buildTestApp({ REGISTER_LIMIT_PER_IP: '1000' });
const alice = await registerUser(app);
const langs: Lang[] = ['cn', 'en', 'jp', 'ko'];
const posts: NewPost[] = Array.from({ length: 4000 }, (_, i) => {
  const lang = langs[i % 4]!;
  return { orgId: alice.org, authorId: alice.id, lang, content: content(i, lang) };
});
const ids = await insertPosts(app.db, posts);
for (const [i, id] of ids.entries()) if (i % 7 === 0) await app.db.query('update posts set like_count = $2 where id = $1', [id, i % 5]);
await app.db.exec('analyze posts');
const scores = new Map((await app.db.query<{ id: string; score: number }>('select id, score from posts where org_id = $1', [alice.org])).map((r) => [r.id, r.score]));

/** The matching posts in feed order, worked out here from the texts (a CJK run and a word are substrings of these). */
function expected(terms: string[], lang: Lang, sort: 'new' | 'popular') {
  const found = ids.filter((_, i) => posts[i]!.lang === lang && terms.every((t) => posts[i]!.content.toLowerCase().includes(t)));
  const byId = (a: string, b: string) => Number(b) - Number(a);
  return found.sort(sort === 'new' ? byId : (a, b) => scores.get(b)! - scores.get(a)! || byId(a, b));
}

async function allPages(q: string, lang: Lang, sort: 'new' | 'popular', limit: number) {
  const seen: string[] = [];
  let cursor: string | null = null;
  do {
    const query: Record<string, string> = { q, sort, limit: String(limit), ...(cursor ? { cursor } : {}) };
    const page: { items: Post[]; nextCursor: string | null } = data(await app.inject({ method: 'GET', url: '/api/posts', headers: as(alice, lang), query }));
    seen.push(...page.items.map((p) => p.id));
    cursor = page.nextCursor;
  } while (cursor && seen.length < 120);
  return seen;
}


describe('search finds the same posts whichever pass answers it', () => {
  for (const shape of shapes) {
    it(`${shape.name}: newest and popular first, page by page`, async () => {
      for (const sort of ['new', 'popular'] as const) {
        const want = expected(shape.terms, shape.lang, sort).slice(0, 120);
        expect(want.length, shape.name).toBeGreaterThan(0);
        expect(await allPages(shape.q, shape.lang, sort, 40), `${shape.name}, ${sort}`).toEqual(want);
      }
    });
  }

  it('through every pass (the text index alone, the window, the window then the index), and counts the other languages', async () => {
    // [window, rare]: rare 0 never takes the few matches alone; a window of 50 holds too few matches for most shapes.
    const passes = [[50, 0], [5000, 0], [50, 5000]] as const;
    for (const shape of shapes) {
      for (const [window, rare] of passes) {
        for (const sort of ['new', 'popular'] as const) {
          const want = expected(shape.terms, shape.lang, sort);
          const from = async (start: number) => {
            // The second page starts after the 20th post: its keys are the cursor.
            const last = want[start - 1];
            const after = last === undefined ? undefined : sort === 'new' ? [last] : [String(scores.get(last)), last];
            const filter = { orgId: alice.org, lang: shape.lang, viewerId: null, sort, after, search: searchQuery(shape.q)!, limit: 20 };
            return (await app.db.tx((q) => new SearchRepo(q, { window, rare }).search(filter))).rows.map((r) => r.id);
          };
          expect(await from(0), `${shape.name}, ${sort}, window ${window}, rare ${rare}`).toEqual(want.slice(0, 21));
          if (want.length > 20) expect(await from(20), `${shape.name}, ${sort}, page 2, window ${window}, rare ${rare}`).toEqual(want.slice(20, 41));
        }
      }
    }
    // The feed's other filters hold in every pass (no post here has a configuration or a model).
    for (const [window, rare] of passes) {
      const base = { orgId: alice.org, lang: 'en' as const, viewerId: alice.id, sort: 'popular' as const, search: searchQuery('quokkadrift')!, limit: 20 };
      const ids = async (extra: object) => (await app.db.tx((q) => new SearchRepo(q, { window, rare }).search({ ...base, ...extra }))).rows.map((r) => r.id);
      expect(await ids({ hasConfigs: false }), `window ${window}, rare ${rare}`).toEqual(expected(['quokkadrift'], 'en', 'popular'));
      expect(await ids({ hasConfigs: true })).toEqual([]);
      expect(await ids({ model: 'pro-2' })).toEqual([]);
      expect(await ids({ following: true })).toEqual([]);
    }
    for (const [window, rare] of passes) {
      const found = await app.db.tx((q) =>
        new SearchRepo(q, { window, rare }).search({ orgId: alice.org, lang: 'cn', viewerId: null, sort: 'new', search: searchQuery('macro')!, limit: 20 }, 1000),
      );
      expect(found.otherLanguages).toBe(100);
      // …and "1000 or more" stops at the most the page may say.
      const stick = await app.db.tx((q) =>
        new SearchRepo(q, { window, rare }).search({ orgId: alice.org, lang: 'cn', viewerId: null, sort: 'new', search: searchQuery('stick')!, limit: 20 }, 600),
      );
      expect(stick.otherLanguages).toBe(600);
      // A word the statistics put at five times the most or more in another language: the most, unread.
      const common = await app.db.tx((q) =>
        new SearchRepo(q, { window, rare }).search({ orgId: alice.org, lang: 'cn', viewerId: null, sort: 'new', search: searchQuery('stick')!, limit: 20 }, 100),
      );
      expect(common).toEqual({ rows: [], otherLanguages: 100 });
    }
  });
});

/**
 * The plan of search_matches' statement for a language (migration 029), as the function makes it:
 * generic, the tsquery unknown. Its statement is read from the function itself.
 */
async function matchesPlan(lang: Lang | null) {
  const [fn] = await app.db.query<{ src: string }>(`select prosrc as src from pg_proc where proname = 'search_matches'`);
  const branch = lang === null ? /in_lang is null then\s+return query ([^;]+);/ : new RegExp(`in_lang = '${lang}' then\\s+return query ([^;]+);`);
  const statement = branch.exec(fn!.src)![1]!.replace(/\borg\b(?!_)/g, '$1').replace(/@@ q\b/, '@@ $2').replace(/limit most/, 'limit $3');
  return app.db.tx(async (q) => {
    await q.query('set local plan_cache_mode = force_generic_plan');
    await q.query(`prepare matches_plan (text, tsquery, int) as ${statement}`);
    const plan = await q.query<{ 'QUERY PLAN': string }>(`explain execute matches_plan ('x', 'x', 10)`);
    await q.query('deallocate matches_plan');
    return plan.map((r) => r['QUERY PLAN']).join('\n');
  });
}

/** The statistics as this process reads them once per ANALYZE (search-stats.ts). */
const stats = new SearchStats();
const surveyPlan = (filter: Parameters<typeof surveyStatement>[0], otherMax: number) => surveyPlanOf(app.db, stats, filter, otherMax);

it('search_matches asks the language\'s own text index, whatever the query', async () => {
  for (const lang of langs) expect(await matchesPlan(lang), lang).toMatch(new RegExp(`Bitmap Index Scan on posts_search_${lang}_idx`));
  expect(await matchesPlan(null)).toMatch(/Bitmap Index Scan on posts_search_idx/);
});

describe('every shape of query runs on an index', () => {
  for (const shape of shapes) {
    it(shape.name, async () => {
      for (const sort of ['new', 'popular'] as const) {
        const filter = { orgId: alice.org, lang: shape.lang, viewerId: alice.id, sort, search: searchQuery(shape.q)!, limit: 20 };
        // The first pass reads the window from the feed's own index, whatever the word. (On a
        // thousand posts a language the planner may read them all and sort them for "popular";
        // on a million it walks the popular index: docs/search.md.)
        const walk = windowStatement(filter, 200);
        const walked = (await app.db.query<{ 'QUERY PLAN': string }>(`explain ${walk.text}`, walk.values)).map((r) => r['QUERY PLAN']).join('\n');
        expect(walked, `${shape.name}, ${sort}`).toMatch(/posts_feed_(new|popular)_idx/);
        expect(walked, `${shape.name}, ${sort}`).not.toMatch(/Seq Scan on posts/);
        // The second pass asks the language's text index for the matches (migration 022), through search_matches.
        const all = matchesStatement(filter);
        expect(all.text, `${shape.name}, ${sort}`).toContain(`search_matches($1, '${shape.lang}'`);
        expect(await explain(app.db, all), `${shape.name}, ${sort}`).toMatch(/Function Scan on search_matches/);
      }
    });
  }
});

it('every language at once asks the text index of every language', async () => {
  const filter = { orgId: alice.org, lang: 'all' as const, viewerId: null, sort: 'new' as const, search: searchQuery('quokkadrift')!, limit: 20 };
  const all = matchesStatement(filter);
  expect(all.text).toContain('search_matches($1, null');
  expect(await explain(app.db, all)).toMatch(/Function Scan on search_matches/);
});

describe('which pass a search takes, by what the data holds', () => {
  /** The statements one first-page search issues, with its other-languages count (the statistics already read by this process). */
  async function issued(q: string, lang: Lang) {
    const statements: string[] = [];
    const filter = { orgId: alice.org, lang, viewerId: null, sort: 'new' as const, search: searchQuery(q)!, limit: 20 };
    await app.db.tx((tx) => new SearchRepo(tx, { stats }).search(filter, 1000));
    const found = await app.db.tx((tx) =>
      new SearchRepo({ query: (sql, params) => (statements.push(sql), tx.query(sql, params)) }, { stats }).search(filter, 1000),
    );
    // As the probe runs inside the survey: EXPLAIN ANALYZE says whether the language's text index was read.
    return { found, walked: statements.some((sql) => sql.includes('row_number()')), probed: !unread(await surveyPlan(filter, 1000), lang), statements };
  }

  it('a rare word: the text index alone answers, and no window of the feed is walked', async () => {
    const rare = await issued('quokkadrift', 'en');
    expect(rare.walked).toBe(false);
    expect(rare.probed).toBe(true);
    // The setting (with the statistics' stamp), the probe, the page, and (the page being the last)
    // the count in the other languages: the statistics were read before.
    expect(rare.statements).toHaveLength(4);
    expect(rare.found.rows.map((r) => r.id)).toEqual(expected(['quokkadrift'], 'en', 'new'));
    expect(rare.found.otherLanguages).toBe(0);
  });

  it('a word common in another language: its count there comes from the statistics, not from that language\'s text index', async () => {
    const plan = (q: string, max: number) => surveyPlan({ orgId: alice.org, lang: 'cn', viewerId: null, sort: 'new', search: searchQuery(q)!, limit: 20 }, max);
    // stick is in all 1 000 English posts: at least five times 100.
    expect(unread(await plan('stick', 100), 'en')).toBe(true);
    // …not five times 600, nor is macro (100 Japanese posts) five times 100: those languages' indexes count.
    expect(unread(await plan('stick', 600), 'en')).toBe(false);
    expect(unread(await plan('macro', 100), 'jp')).toBe(false);
    const { found } = await issued('stick', 'cn');
    expect(found).toEqual({ rows: [], otherLanguages: 1000 });
  });

  it('the statistics are read once a process, and again after an ANALYZE', async () => {
    const own = new SearchStats();
    const filter = { orgId: alice.org, lang: 'en' as const, viewerId: null, sort: 'new' as const, search: searchQuery('quokkadrift')!, limit: 20 };
    const reads = async () => {
      const statements: string[] = [];
      await app.db.tx((tx) => new SearchRepo({ query: (sql, params) => (statements.push(sql), tx.query(sql, params)) }, { stats: own }).search(filter, 1000));
      return statements.filter((sql) => sql.includes('pg_stats_ext_exprs')).length;
    };
    expect(await reads()).toBe(1);
    expect(await reads()).toBe(0);
    await app.db.exec('analyze posts');
    expect(await reads()).toBe(1);
    expect(await reads()).toBe(0);
  });

  it('a word common here and in another language asks nothing before its walk', async () => {
    // stick: common in the table, and in English at five times 100 or more (all 1 000 English posts).
    const statements: string[] = [];
    const filter = { orgId: alice.org, lang: 'cn' as const, viewerId: null, sort: 'new' as const, search: searchQuery('stick')!, limit: 20 };
    const found = await app.db.tx((tx) =>
      new SearchRepo({ query: (sql, params) => (statements.push(sql), tx.query(sql, params)) }, { stats }).search(filter, 100),
    );
    expect(statements.filter((sql) => sql.includes('search_matches'))).toEqual([]);
    expect(found).toEqual({ rows: [], otherLanguages: 100 });
  });

  it('a common word: the statistics send it to the walk, without building the text index\'s bitmap', async () => {
    const common = await issued('stick', 'en');
    expect(common.walked).toBe(true);
    expect(common.probed).toBe(false);
    expect(common.found.rows.map((r) => r.id)).toEqual(expected(['stick'], 'en', 'new').slice(0, 21));
  });
});

it('configurations only (or none), most popular first: every pass keeps the filter (the walk on their own popular index, migration 045)', async () => {
  // One English post in five carries a configuration, for this test only.
  const carrying = ids.filter((_, i) => posts[i]!.lang === 'en' && i % 20 === 1);
  await app.db.query(`update posts set config_ids = array[1::bigint] where id = any($1::bigint[])`, [carrying]);
  try {
    const popular = expected(['stick'], 'en', 'popular');
    for (const [window, rare] of [[50, 0], [5000, 0], [50, 5000]] as const) {
      for (const hasConfigs of [true, false]) {
        const filter = { orgId: alice.org, lang: 'en' as const, viewerId: null, sort: 'popular' as const, search: searchQuery('stick')!, limit: 20, hasConfigs };
        const found = (await app.db.tx((q) => new SearchRepo(q, { window, rare }).search(filter))).rows.map((r) => r.id);
        expect(found, `configurations ${hasConfigs}, window ${window}, rare ${rare}`).toEqual(popular.filter((id) => carrying.includes(id) === hasConfigs).slice(0, 21));
      }
    }
  } finally {
    await app.db.query(`update posts set config_ids = '{}' where id = any($1::bigint[])`, [carrying]);
  }
});

it('every pass leaves out the posts of an author the viewer blocked, though the walk checks authors on its hits only', async () => {
  const carol = await registerUser(app);
  const dave = await registerUser(app);
  // The newest English posts, all matching: the walk meets them first.
  await insertPosts(app.db, Array.from({ length: 30 }, (_, i) => ({ orgId: alice.org, authorId: dave.id, lang: 'en' as const, content: `stick by dave ${i} quokkadrift` })));
  data(await app.inject({ method: 'PUT', url: `/api/blocks/${dave.id}`, headers: carol.headers }));
  const search = (viewerId: string, q: string, window: number, rare: number) =>
    app.db.tx((tx) => new SearchRepo(tx, { window, rare }).search({ orgId: alice.org, lang: 'en', viewerId, sort: 'new', search: searchQuery(q)!, limit: 20 }));
  for (const [window, rare] of [[50, 0], [5000, 0], [50, 5000]] as const) {
    for (const q of ['stick', 'quokkadrift']) {
      const seen = (await search(carol.id, q, window, rare)).rows.map((r) => r.id);
      expect(seen, `${q}, window ${window}, rare ${rare}`).toEqual(expected([q], 'en', 'new').slice(0, 21));
      // Alice has blocked nobody: dave's posts come first for her.
      expect((await search(alice.id, q, window, rare)).rows.some((r) => r.author_id === dave.id)).toBe(true);
    }
  }
});

describe.runIf(app.db.kind === 'postgres')('a bounded third pass (PostgreSQL)', () => {
  const filter = { orgId: alice.org, lang: 'en' as const, viewerId: null, sort: 'new' as const, search: searchQuery('layout quokkadrift')!, limit: 20 };
  // The window of the 200 newest English posts holds one of these posts (of four), so the walk falls to the third pass.
  const all = expected(['layout', 'quokkadrift'], 'en', 'new');
  const windowOf = async () =>
    (await app.db.query<{ id: string }>(`select id from posts where org_id = $1 and lang = 'en' and review_status = 'passed' and deleted_at is null order by id desc limit 200`, [alice.org])).map((r) => r.id);
  const run = (slow: boolean) =>
    app.db.tx(async (tx) => {
      await tx.query(`select set_config('statement_timeout', '3000ms', true)`);
      // Slowed here by a sleep in the same statement, so that it runs past its budget on any machine:
      // each statement of the third pass asks the text index through a search_matches function.
      const q: Queryable = {
        query: <R>(sql: string, params?: unknown[]) =>
          tx.query<R>(slow && sql.includes('search_matches') ? `select x.* from (${sql}) x, (select pg_sleep(0.5)) s` : sql, params),
      };
      const found = await new SearchRepo(q, { window: 200, rare: 0, thirdPassMs: 100 }).search(filter);
      const [setting] = await tx.query<{ statement_timeout: string }>('show statement_timeout');
      return { ...found, timeout: setting!.statement_timeout };
    });

  it('within its budget it finds every match', async () => {
    const found = await run(false);
    expect(found.rows.map((r) => r.id)).toEqual(all);
    expect(found.cut).toBeUndefined();
  });

  it('past its budget the search answers the window\'s hits, cut, and keeps its own statement timeout', async () => {
    const found = await run(true);
    const inWindow = new Set(await windowOf());
    expect(found.rows.map((r) => r.id)).toEqual(all.filter((id) => inWindow.has(id)));
    expect(found.rows.length).toBeGreaterThan(0);
    expect(found.rows.length).toBeLessThan(all.length);
    expect(found.cut).toBe(true);
    expect(found.timeout).toBe('3s');
  });
});
