import { describe, expect, it } from 'vitest';
import type { Queryable } from '#server/db/client.ts';
import { buildTestApp, OTHER_ORG, registerUser } from '#server-test/helper.ts';
import { insertPosts } from './posts-repo.ts';
import { SearchRepo } from './search-repo.ts';
import { StatsNow } from './search-stats.ts';
import { searchQuery } from './search-text.ts';

// docs/search.md, "Further windows".
const app = await buildTestApp();
const alice = await registerUser(app);
// 600 English posts, post i liked i times (most popular first is i descending). popquo is in every
// fifth of the 300 most popular and every second of the rest: 2 in the first window of ten, 10 in
// the next fifty, 210 in all.
const matching = (i: number) => (i >= 300 ? i % 5 === 0 : i % 2 === 0);
const ids = await insertPosts(
  app.db,
  Array.from({ length: 600 }, (_, i) => ({ orgId: alice.org, authorId: alice.id, lang: 'en' as const, content: matching(i) ? `popquo pad ${i}` : `filler pad ${i}` })),
);
// Another organisation: 2 000 posts, every second of a model; rangequo in every tenth (all of the model's).
const bob = await registerUser(app, { org: OTHER_ORG });
const modelIds = await insertPosts(
  app.db,
  Array.from({ length: 2000 }, (_, i) => ({ orgId: bob.org, authorId: bob.id, lang: 'en' as const, model: i % 2 === 0 ? 'elite-x' : null, content: i % 10 === 0 ? `rangequo ${i}` : `filler ${i}` })),
);
const modelNewestFirst = modelIds.filter((_, i) => i % 10 === 0).reverse();
await app.db.query(`update posts p set like_count = x.i from unnest($1::bigint[]) with ordinality x(id, i) where p.id = x.id`, [ids]);
const popularFirst = Array.from({ length: 600 }, (_, i) => 599 - i).filter(matching).map((i) => ids[i]!);
// 100 Korean posts, post i liked i times: 드문빈도 in 60 of them, two of the ten most popular.
const koMatching = (i: number) => (i >= 90 ? i >= 98 : i < 58);
const koIds: string[] = await insertPosts(
  app.db,
  Array.from({ length: 100 }, (_, i) => ({ orgId: alice.org, authorId: alice.id, lang: 'ko' as const, content: koMatching(i) ? `드문빈도 ${i}` : `다른글 ${i}` })),
);
await app.db.query(`update posts p set like_count = 1000 + x.i from unnest($1::bigint[]) with ordinality x(id, i) where p.id = x.id`, [koIds]);
await app.db.exec('analyze posts');

/** A search most popular first with a window of ten and no few-matches answer, and what it asked. */
async function search(limit: number, words = 'popquo', lang: 'en' | 'ko' = 'en') {
  const asked: string[] = [];
  const filter = { orgId: alice.org, lang, viewerId: null, sort: 'popular' as const, search: searchQuery(words)!, limit };
  const found = await app.db.tx((tx) => {
    const q: Queryable = { query: (sql, params) => (asked.push(sql), tx.query(sql, params)) };
    return new SearchRepo(q, { window: 10, rare: 0 }).search(filter);
  });
  return {
    ids: found.rows.map((row) => row.id),
    windows: asked.filter((sql) => sql.includes('row_number() over')).length,
    everyMatch: asked.filter((sql) => /search_matches(_asking)?\(/.test(sql)).length,
  };
}

describe('most popular first, a window short of the page', () => {
  it('walks the feed on when a few more windows should fill it and that reads fewer posts than the matches: the page in order, no text index', async () => {
    // Two hits in the first ten; for a page of five (six rows), five more windows' span: 50 posts, against 210 matches.
    const found = await search(5);
    expect(found.ids).toEqual(popularFirst.slice(0, 6));
    expect([found.windows, found.everyMatch]).toEqual([2, 0]);
  });

  it('reads every match when the window\'s density says they are fewer than twice the posts the walk would read', async () => {
    // Two hits in the ten most popular of 100 Korean posts: about 20 matches by that density, and
    // a walk of five more windows (50 posts) for a page of five. The statistics alone allow 60.
    const found = await search(5, '드문빈도', 'ko');
    const koPopularFirst = Array.from({ length: 100 }, (_, i) => 99 - i).filter(koMatching).map((i) => koIds[i]!);
    expect(found.ids).toEqual(koPopularFirst.slice(0, 6));
    expect([found.windows, found.everyMatch]).toEqual([1, 1]);
  });

  it('reads every match when the walk would be longer than eight windows, with the same order', async () => {
    // A page of twenty: 21 rows at two hits a window is eleven windows' span.
    const found = await search(20);
    expect(found.ids).toEqual(popularFirst.slice(0, 21));
    expect([found.windows, found.everyMatch]).toEqual([1, 1]);
  });
});

it('the statistics bound the matches by the rarest lexeme, and say a query common, by the language\'s own figures too; in all languages the languages\' summed', () => {
  const stats = new StatsNow(
    new Map([
      ['all', { posts: 10_000, share: new Map([['pad', 0.5], ['popquo', 0.02]]) }],
      ['ko', { posts: 1000, share: new Map([['어떻', 0.3], ['떻게', 0.4]]) }],
      ['en', { posts: 5000, share: new Map([['pad', 0.6], ['popquo', 0.05]]) }],
    ]),
  );
  expect(stats.mostMatches(searchQuery('pad popquo')!, 'en')).toBe(250);
  expect(stats.mostMatches(searchQuery('pad popquo')!, 'all')).toBe(250);
  // Too rare among all posts for their statistics, common in Korean.
  expect(stats.mostMatches(searchQuery('어떻게')!, 'all')).toBe(300);
  expect(stats.mostMatches(searchQuery('어떻게')!, 'en')).toBe(0);
  // Common enough to walk the feed rather than probe the text index: by the language's statistics
  // too, or the languages' summed in all, not only those of every post.
  expect(stats.mayBeCommon(searchQuery('어떻게')!, 250, 'ko')).toBe(true);
  expect(stats.mayBeCommon(searchQuery('어떻게')!, 250, 'all')).toBe(true);
  expect(stats.mayBeCommon(searchQuery('어떻게')!, 350, 'ko')).toBe(false);
  expect(stats.mayBeCommon(searchQuery('어떻게')!, 250, 'en')).toBe(false);
  expect(stats.mayBeCommon(searchQuery('pad popquo')!, 200)).toBe(true);
  expect(stats.mayBeCommon(searchQuery('pad popquo')!, 300, 'en')).toBe(false);
});

it('a model\'s feed newest first asks the ids below its window when that range is at most a quarter of them', async () => {
  const asked: string[] = [];
  // A window of ten of the model's posts spans twenty ids and holds two hits; a page of five wants
  // six rows: six windows' span, 120 ids of the 1 980 below.
  const filter = { orgId: bob.org, lang: 'en' as const, viewerId: null, sort: 'new' as const, model: 'elite-x', search: searchQuery('rangequo')!, limit: 5 };
  const found = await app.db.tx((tx) => {
    const q: Queryable = { query: (sql, params) => (asked.push(sql), tx.query(sql, params)) };
    return new SearchRepo(q, { window: 10, rare: 0 }).search(filter);
  });
  expect(found.rows.map((row) => row.id)).toEqual(modelNewestFirst.slice(0, 6));
  expect(asked.filter((sql) => sql.includes('search_matches_between')).length).toBe(1);
  expect(asked.filter((sql) => /search_matches(_asking)?\(|array_agg\(m\.id/.test(sql)).length).toBe(0);
});
