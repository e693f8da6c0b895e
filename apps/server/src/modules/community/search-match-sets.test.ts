import { describe, expect, it } from 'vitest';
import type { Queryable } from '#server/db/client.ts';
import { buildTestApp, registerUser } from '#server-test/helper.ts';
import { type MatchSet, MatchSets } from './match-sets.ts';
import { insertPosts } from './posts-repo.ts';
import { SearchRepo } from './search-repo.ts';
import { searchQuery } from './search-text.ts';

// docs/search.md, "Match sets".
const app = await buildTestApp();
const alice = await registerUser(app);
// 300 English posts; quokkaset in every seventh of the oldest 280 (none among the newest 20, the
// window: so every search here reaches the third pass), with scores that do not follow the ids.
const matching = (i: number) => i < 280 && i % 7 === 0;
const ids = await insertPosts(
  app.db,
  Array.from({ length: 300 }, (_, i) => ({ orgId: alice.org, authorId: alice.id, lang: 'en' as const, content: matching(i) ? `quokkaset post ${i}` : `filler post ${i}`, configIds: i % 3 === 0 ? ['1'] : [], model: i % 2 === 0 ? 'elite-x' : null })),
);
await app.db.query(`update posts set like_count = (id * 37) % 11 where id = any($1::bigint[])`, [ids]);
await app.db.exec('analyze posts');

type Filter = { sort: 'new' | 'popular'; hasConfigs?: boolean; model?: string; after?: string[]; following?: boolean; viewerId?: string };

/** What the feed's conditions and order say now, straight from posts: the answer any search must give. */
async function truth(f: Filter): Promise<string[]> {
  const order = f.sort === 'new' ? 'p.id desc' : 'p.score desc, p.id desc';
  const rows = await app.db.query<{ id: string; score: number }>(
    `select p.id::text as id, p.score from posts p where p.org_id = $1 and p.lang = 'en' and p.deleted_at is null and p.review_status = 'passed' and p.search @@ $2::tsquery and ($3::boolean is null or p.has_configs = $3) and ($4::text is null or p.model = $4) order by ${order}`,
    [alice.org, searchQuery('quokkaset post'), f.hasConfigs ?? null, f.model ?? null],
  );
  const after = f.after;
  const below = after === undefined ? rows : rows.filter((r) => (f.sort === 'new' ? BigInt(r.id) < BigInt(after[0]!) : r.score < Number(after[0]) || (r.score === Number(after[0]) && BigInt(r.id) < BigInt(after[1]!))));
  return below.slice(0, 21).map((r) => r.id);
}

/** A search through `sets` (window 20, no few-matches answer), its ids and how many statements read a match set. */
async function search(sets: MatchSets, f: Filter) {
  const statements: string[] = [];
  const found = await app.db.tx((tx) => {
    const q: Queryable = { query: (sql, params) => (statements.push(sql), tx.query(sql, params)) };
    return new SearchRepo(q, { window: 20, rare: 0, matchSets: sets }).search({ orgId: alice.org, lang: 'en', search: searchQuery('quokkaset post')!, limit: 20, ...f, viewerId: f.viewerId ?? null });
  });
  return {
    ids: found.rows.map((r) => r.id),
    reads: statements.filter((sql) => sql.includes('array_agg(m.id')).length,
    // Walks of the feed (a window, or the posts since a kept set) and questions to a text index.
    walks: statements.filter((sql) => sql.includes('row_number()')).length,
    index: statements.filter((sql) => sql.includes('search_matches')).length,
  };
}

describe('every match of a search, kept for a moment', () => {
  it('filtered by a model, from the set through post_models, as posts say now', async () => {
    const sets = new MatchSets();
    const found = await search(sets, { sort: 'new', model: 'elite-x' });
    expect(found.ids).toEqual(await truth({ sort: 'new', model: 'elite-x' }));
    expect(found.ids.length).toBeGreaterThan(0);
    expect(found.reads).toBe(1);
  });

  it('another order, configurations only, the next page: each from the set read once, each as posts say now', async () => {
    const sets = new MatchSets();
    const first = await search(sets, { sort: 'new' });
    expect(first).toEqual({ ids: await truth({ sort: 'new' }), reads: 1, walks: 1, index: 1 });
    for (const f of [{ sort: 'popular' }, { sort: 'new', hasConfigs: true }, { sort: 'popular', hasConfigs: true }, { sort: 'new', model: 'elite-x' }, { sort: 'popular', model: 'elite-x' }, { sort: 'new', after: [first.ids[19]!] }] satisfies Filter[]) {
      const found = await search(sets, f);
      expect(found.ids, JSON.stringify(f)).toEqual(await truth(f));
      expect(found.ids.length, JSON.stringify(f)).toBeGreaterThan(0);
      // The set kept answers: one walk of the posts written since it was read (none), no text index.
      expect([found.reads, found.walks, found.index], JSON.stringify(f)).toEqual([0, 1, 0]);
    }
    const top = (await truth({ sort: 'popular' })).slice(0, 20);
    const last = (await app.db.query<{ score: number }>('select score from posts where id = $1', [top[19]]))[0]!.score;
    const popularNext = { sort: 'popular' as const, after: [String(last), top[19]!] };
    expect((await search(sets, popularNext)).ids).toEqual(await truth(popularNext));
  });

  it('a post deleted, edited or liked since the set was read is on the page as it is now', async () => {
    const sets = new MatchSets();
    const before = await search(sets, { sort: 'new' });
    const [gone, edited, liked] = [before.ids[0]!, before.ids[1]!, before.ids.at(-1)!];
    await app.db.query(`update posts set deleted_at = now() where id = $1`, [gone]);
    await app.db.query(`update posts set content = 'filler', search = ''::tsvector where id = $1`, [edited]);
    await app.db.query(`update posts set like_count = 1000 where id = $1`, [liked]);
    try {
      const after = await search(sets, { sort: 'new' });
      expect(after.reads).toBe(0);
      expect(after.ids).toEqual(await truth({ sort: 'new' }));
      expect(after.ids).not.toContain(gone);
      expect(after.ids).not.toContain(edited);
      expect((await search(sets, { sort: 'popular' })).ids[0]).toBe(liked);
    } finally {
      await app.db.query(`update posts set deleted_at = null where id = $1`, [gone]);
      await app.db.query(`update posts set content = 'quokkaset post', search = 'quokkaset:1 post:2'::tsvector where id = $1`, [edited]);
      await app.db.query(`update posts set like_count = 0 where id = $1`, [liked]);
    }
  });

  it('the feed of people followed reads its matches as before, without a set', async () => {
    // Carol follows alice, the author of every post here: her feed of people followed is the language's.
    const carol = await registerUser(app);
    expect((await app.inject({ method: 'PUT', url: `/api/users/${alice.id}/follow`, headers: carol.headers })).statusCode).toBe(200);
    const sets = new MatchSets();
    await search(sets, { sort: 'new' });
    const followed = await search(sets, { sort: 'new', following: true, viewerId: carol.id });
    expect(followed.ids).toEqual(await truth({ sort: 'new' }));
    expect([followed.reads, followed.index]).toEqual([0, 1]);
  });

  it('after the moment, the set is read again', async () => {
    const sets = new MatchSets(0);
    expect((await search(sets, { sort: 'new' })).reads).toBe(1);
    expect((await search(sets, { sort: 'popular' })).reads).toBe(1);
  });
});

describe('MatchSets', () => {
  const set = (n: number): MatchSet => ({ ids: Array.from({ length: n }, (_, i) => String(n - i)), scores: Array(n).fill(0), configs: Array(n).fill(false), newest: String(n) });

  it('keeps a set read, not one that failed, and not one too large to keep', async () => {
    const sets = new MatchSets();
    let reads = 0;
    const read = (n: number) => () => (reads++, Promise.resolve(set(n)));
    await sets.get('a', read(3));
    await sets.get('a', read(3));
    expect(reads).toBe(1);
    await expect(sets.get('b', () => Promise.reject(new Error('cancelled')))).rejects.toThrow('cancelled');
    await sets.get('b', read(3));
    await sets.get('big', read(10_001));
    await new Promise((resolve) => setTimeout(resolve, 0));
    await sets.get('big', read(10_001));
    expect(reads).toBe(4);
  });

  it('keeps a hundred sets, the least recently used leaving first', async () => {
    const sets = new MatchSets();
    let reads = 0;
    const read = () => (reads++, Promise.resolve(set(1)));
    for (let i = 0; i < 101; i++) await sets.get(`k${i}`, read);
    await sets.get('k100', read);
    await sets.get('k1', read);
    expect(reads).toBe(101);
    await sets.get('k0', read);
    expect(reads).toBe(102);
  });
});

describe('a set kept from a moment ago, and the posts written since', () => {
  it('a post written since is on the page in its place, newest first and most popular first', async () => {
    const sets = new MatchSets();
    await search(sets, { sort: 'new' });
    const [fresh] = await insertPosts(app.db, [{ orgId: alice.org, authorId: alice.id, lang: 'en', content: 'quokkaset post written since' }]);
    await app.db.query(`update posts set like_count = 500 where id = $1`, [fresh]);
    try {
      const newest = await search(sets, { sort: 'new' });
      expect([newest.ids[0], newest.reads, newest.index]).toEqual([fresh, 0, 0]);
      expect(newest.ids).toEqual(await truth({ sort: 'new' }));
      const popular = await search(sets, { sort: 'popular' });
      expect([popular.ids[0], popular.reads, popular.index]).toEqual([fresh, 0, 0]);
      expect(popular.ids).toEqual(await truth({ sort: 'popular' }));
    } finally {
      await app.db.query(`update posts set deleted_at = now() where id = $1`, [fresh]);
    }
  });

  it('a whole window of posts written since: the search runs as without the set', async () => {
    const sets = new MatchSets();
    await search(sets, { sort: 'new' });
    await insertPosts(app.db, Array.from({ length: 25 }, (_, i) => ({ orgId: alice.org, authorId: alice.id, lang: 'en' as const, content: `filler since ${i}` })));
    const found = await search(sets, { sort: 'new' });
    expect(found.ids).toEqual(await truth({ sort: 'new' }));
    // The walk of the posts since, which filled its window; then the search's own window.
    expect(found.walks).toBe(2);
  });
});
