import { describe, expect, it } from 'vitest';
import type { Queryable } from '#server/db/client.ts';
import { buildTestApp, registerUser } from '#server-test/helper.ts';
import { insertPosts } from './posts-repo.ts';
import { SearchRepo } from './search-repo.ts';
import { StatsNow } from './search-stats.ts';
import { searchQuery } from './search-text.ts';

// docs/search.md, "The third pass bounded by id".
const app = await buildTestApp();
const alice = await registerUser(app);
// 1 000 English posts, the newest last. quokkaten: ten among the newest 50 (the window), two in the
// next 250 (five windows' span: the range a window of ten hits asks first), three far below.
// Three of the oldest hold four words together (and two others three of them), for the rarest lexemes.
const matching = (i: number) => (i >= 950 && i % 5 === 0) || [900, 880, 100, 50, 10].includes(i);
const fourWords = [20, 30, 40];
const content = (i: number) =>
  matching(i) ? `quokkaten post ${i}` : fourWords.includes(i) ? `alphaquo bravoquo charliequo deltaquo ${i}` : [25, 35].includes(i) ? `alphaquo bravoquo charliequo ${i}` : `filler post ${i}`;
const ids = await insertPosts(
  app.db,
  Array.from({ length: 1000 }, (_, i) => ({ orgId: alice.org, authorId: alice.id, lang: 'en' as const, content: content(i) })),
);
await app.db.exec('analyze posts');
const newestFirst = ids.filter((_, i) => matching(i)).reverse();

/** A search newest first with a window of 50 and no few-matches answer, and the statements it ran. */
async function search(enough = Infinity, extra: object = {}, typed = 'quokkaten') {
  const asked: string[] = [];
  const filter = { orgId: alice.org, lang: 'en' as const, viewerId: null, sort: 'new' as const, search: searchQuery(typed)!, limit: 20, ...extra };
  const found = await app.db.tx((tx) => {
    const q: Queryable = { query: (sql, params) => (asked.push(sql), tx.query(sql, params)) };
    return new SearchRepo(q, { window: 50, rare: 0 }).search(filter, undefined, enough);
  });
  const bounded = asked.filter((sql) => sql.includes('search_matches_between(')).length;
  const everything = asked.filter((sql) => sql.includes('search_matches(')).length;
  const fewer = asked.filter((sql) => sql.includes('_asking(')).length;
  return { ids: found.rows.map((row) => row.id), cut: found.cut, bounded, everything, fewer };
}

describe('the third pass, newest first, asks the ids below the window before every match', () => {
  it('reads the rest only when the range does not fill the page, and finds every match in order', async () => {
    const found = await search();
    expect(found.ids).toEqual(newestFirst);
    expect(found.cut).toBeUndefined();
    expect([found.bounded, found.everything]).toEqual([1, 1]);
  });

  it('a range holding `enough` answers with them, cut, without reading every match', async () => {
    const found = await search(12);
    expect(found.ids).toEqual(newestFirst.slice(0, 12));
    expect(found.cut).toBe(true);
    expect([found.bounded, found.everything]).toEqual([1, 0]);
  });

  it('a range that fills the page is the page', async () => {
    // Ten hits for a page of nine: the window is the page.
    const found = await search(Infinity, { limit: 9 });
    expect(found.ids).toEqual(newestFirst.slice(0, 10));
    expect([found.bounded, found.everything]).toEqual([0, 0]);
    // For a page of eleven, the range (three windows' span) holds the two more.
    const twelve = await search(Infinity, { limit: 11 });
    expect(twelve.ids).toEqual(newestFirst.slice(0, 12));
    expect([twelve.bounded, twelve.everything]).toEqual([1, 0]);
  });

  it('a filtered feed, or most popular first, reads every match as before', async () => {
    for (const extra of [{ hasConfigs: false }, { sort: 'popular' }]) {
      const found = await search(Infinity, extra);
      expect(found.ids.length, JSON.stringify(extra)).toBe(newestFirst.length);
      expect([found.bounded, found.everything], JSON.stringify(extra)).toEqual([0, 1]);
    }
  });
});

it('search_matches_between gives the matches strictly between its two ids, in the language asked or in all', async () => {
  const between = (lang: string | null, above: string, below: string) =>
    app.db.query<{ id: string }>(`select id::text from search_matches_between($1, $2, $3::tsquery, $4::bigint, $5::bigint) order by id desc`, [alice.org, lang, searchQuery('quokkaten'), above, below]);
  const inRange = newestFirst.filter((id) => BigInt(id) > BigInt(ids[880]!) && BigInt(id) < BigInt(ids[955]!));
  expect(inRange).toHaveLength(2);
  for (const lang of ['en', null]) expect((await between(lang, ids[880]!, ids[955]!)).map((r) => r.id)).toEqual(inRange);
  expect(await between('ko', ids[0]!, ids[999]!)).toEqual([]);
});

describe('the third pass asks the text index with the rarest lexemes (migration 051; docs/search.md, "Fewer lexemes asked")', () => {
  const stats = new StatsNow(
    new Map([
      ['all', { posts: 1000, share: new Map([['二十', 0.08], ['十小', 0.06], ['性价', 0.05], ['价比', 0.04], ['比很', 0.045], ['stick', 0.2], ['sticky', 0.1], ['macro', 0.3], ['layout', 0.25]]) }],
    ]),
  );

  it('keeps the rarest lexeme of each term, then the three rarest terms; a lexeme the statistics lack is the rarest', () => {
    expect(stats.narrowestOf(searchQuery('二十小 性价比很')!, 'all')).toBe("'价比' & '十小'");
    expect(stats.narrowestOf(searchQuery('macro layout quokka stick')!, 'all')).toBe("'quokka' & 'layout' & 'macro'");
    // Every lexeme asked already: nothing narrower.
    expect(stats.narrowestOf(searchQuery('macro layout stick')!, 'all')).toBeUndefined();
    expect(stats.narrowestOf(searchQuery('手')!, 'all')).toBeUndefined();
  });

  it('search_matches_asking and search_matches_between_asking keep only the matches of the whole query', async () => {
    const q = searchQuery('alphaquo bravoquo charliequo deltaquo');
    const oldest = (rows: { id: string }[]) => rows.map((r) => r.id).sort((a, b) => Number(a) - Number(b));
    const every = await app.db.query<{ id: string }>(`select id::text from search_matches_asking($1, 'en', $2::tsquery, $3::tsquery, null)`, [alice.org, q, "'alphaquo' & 'bravoquo'"]);
    expect(oldest(every)).toEqual(fourWords.map((i) => ids[i]));
    const between = await app.db.query<{ id: string }>(`select id::text from search_matches_between_asking($1, null, $2::tsquery, $3::tsquery, $4::bigint, $5::bigint)`, [alice.org, q, "'alphaquo'", ids[25], ids[999]]);
    expect(oldest(between)).toEqual([ids[30], ids[40]]);
  });

  it('the index is asked with the lexemes asked alone: the whole query is tested on the matches', async () => {
    const [fn] = await app.db.query<{ src: string }>(`select prosrc as src from pg_proc where proname = 'search_matches_asking'`);
    const statement = /in_lang = 'en' then\s+return query ([^;]+);/.exec(fn!.src)![1]!.replace(/\borg\b(?!_)/g, '$1').replace(/@@ asked\b/, '@@ $2').replace(/, q\)/, ', $3)').replace(/limit most/, 'limit $4');
    const plan = await app.db.tx(async (q) => {
      await q.query('set local plan_cache_mode = force_generic_plan');
      await q.query(`prepare asking_plan (text, tsquery, tsquery, int) as ${statement}`);
      const rows = await q.query<{ 'QUERY PLAN': string }>(`explain execute asking_plan ('x', 'x', 'x', 10)`);
      await q.query('deallocate asking_plan');
      return rows.map((r) => r['QUERY PLAN']).join('\n');
    });
    expect(plan).toMatch(/Bitmap Index Scan on posts_search_en_idx[^\n]*\n\s+Index Cond: \(search @@ \$2\)$/m);
    expect(plan).not.toMatch(/(Index|Recheck) Cond: [^\n]*\$3/);
    expect(plan).toMatch(/Filter: .*ts_match_vq\(search, \$3\)/);
  });

  it('a search of more terms than it asks finds the same posts through them', async () => {
    const found = await search(Infinity, {}, 'alphaquo bravoquo charliequo deltaquo');
    expect(found.ids).toEqual(fourWords.map((i) => ids[i]).reverse());
    expect(found.fewer).toBeGreaterThan(0);
    const few = await search(Infinity, {}, 'quokkaten');
    expect(few.fewer).toBe(0);
  });
});
