import { describe, expect, it } from 'vitest';
import type { Queryable } from '#server/db/client.ts';
import { buildTestApp, registerUser } from '#server-test/helper.ts';
import { insertPosts } from './posts-repo.ts';
import { SearchRepo } from './search-repo.ts';
import { searchQuery } from './search-text.ts';

// docs/search.md, "The third pass bounded by id".
const app = await buildTestApp();
const alice = await registerUser(app);
// 1 000 English posts, the newest last. quokkaten: ten among the newest 50 (the window), two in the
// next 250 (five windows' span: the range a window of ten hits asks first), three far below.
const matching = (i: number) => (i >= 950 && i % 5 === 0) || [900, 880, 100, 50, 10].includes(i);
const ids = await insertPosts(
  app.db,
  Array.from({ length: 1000 }, (_, i) => ({ orgId: alice.org, authorId: alice.id, lang: 'en' as const, content: matching(i) ? `quokkaten post ${i}` : `filler post ${i}` })),
);
await app.db.exec('analyze posts');
const newestFirst = ids.filter((_, i) => matching(i)).reverse();

/** A search newest first with a window of 50 and no few-matches answer, and the statements it ran. */
async function search(enough = Infinity, extra: object = {}) {
  const asked: string[] = [];
  const filter = { orgId: alice.org, lang: 'en' as const, viewerId: null, sort: 'new' as const, search: searchQuery('quokkaten')!, limit: 20, ...extra };
  const found = await app.db.tx((tx) => {
    const q: Queryable = { query: (sql, params) => (asked.push(sql), tx.query(sql, params)) };
    return new SearchRepo(q, { window: 50, rare: 0 }).search(filter, undefined, enough);
  });
  const bounded = asked.filter((sql) => sql.includes('search_matches_between(')).length;
  const everything = asked.filter((sql) => sql.includes('search_matches(')).length;
  return { ids: found.rows.map((row) => row.id), cut: found.cut, bounded, everything };
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
