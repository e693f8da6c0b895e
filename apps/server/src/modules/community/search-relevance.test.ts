import { describe, expect, it } from 'vitest';
import { type FeedPage, searchCandidates } from '@padhub/contracts';
import { buildTestApp, data, registerUser } from '#server-test/helper.ts';
import { insertPosts } from './posts-repo.ts';
import { SearchRepo } from './search-repo.ts';
import { bestMatches } from './search-relevance.ts';
import { anyTermQuery, searchQuery } from './search-text.ts';
import { as, makePost } from './test-fixtures.ts';

const app = await buildTestApp();
const alice = await registerUser(app);

async function page(q: string, lang: 'en' | 'cn' | 'jp' | 'ko', query: Record<string, string> = {}) {
  return data<FeedPage>(await app.inject({ method: 'GET', url: '/api/posts', headers: as(alice, lang), query: { q, ...query } }));
}
const contents = (p: FeedPage) => p.items.map((post) => post.content);

// Oldest first (ids grow with each post): each rule must overturn recency to hold.
const asWritten = await makePost(app, alice, { lang: 'en', content: 'Stick drift is back on my left pad\nany fix?' });
const deep = await makePost(app, alice, { lang: 'en', content: 'A long first line about the weekend and nothing else\nthen stick drift, deep in the text' });
const scattered = await makePost(app, alice, { lang: 'en', content: 'My new pad arrived\nand the stick has some drift already' });
const some = await makePost(app, alice, { lang: 'en', content: 'Drift racing setup for the weekend' });
const newestAsWritten = await makePost(app, alice, { lang: 'en', content: 'stick drift again' });
const unrelated = await makePost(app, alice, { lang: 'en', content: 'Trigger stops make a difference' });

describe('a search by relevance (the default order of a search)', () => {
  it('puts every word ahead of some, the words as written ahead of scattered, the first line ahead of deep in the text, ties newest first', async () => {
    const found = await page('stick drift', 'en');
    expect(found.items.map((p) => p.id)).toEqual([newestAsWritten, asWritten, deep, scattered, some]);
    expect(found.items.map((p) => p.id)).not.toContain(unrelated);
    expect(found.cut).toBeUndefined();
  });

  it('newest and most popular stay one parameter away, with every word only', async () => {
    expect((await page('stick drift', 'en', { sort: 'new' })).items.map((p) => p.id)).toEqual([newestAsWritten, scattered, deep, asWritten]);
    await app.db.query('update posts set like_count = 9 where id = $1', [scattered]);
    expect((await page('stick drift', 'en', { sort: 'popular' })).items[0]!.id).toBe(scattered);
  });

  it('ranks Chinese, Japanese and Korean alike: the phrase as written (across a space in the query), the first line', async () => {
    const together = await makePost(app, alice, { lang: 'cn', content: '摇杆漂移怎么办' });
    const split = await makePost(app, alice, { lang: 'cn', content: '今天换了摇杆，感觉漂移没了' });
    const one = await makePost(app, alice, { lang: 'cn', content: '漂移问题' });
    expect((await page('摇杆 漂移', 'cn')).items.map((p) => p.id)).toEqual([together, split, one]);
    const jpHead = await makePost(app, alice, { lang: 'jp', content: 'マクロ設定を共有します' });
    const jp = await makePost(app, alice, { lang: 'jp', content: 'スティックの設定\nマクロを組みました' });
    expect((await page('マクロ', 'jp')).items.map((p) => p.id)).toEqual([jpHead, jp]);
    const koHead = await makePost(app, alice, { lang: 'ko', content: '매크로 설정 공유합니다' });
    const ko = await makePost(app, alice, { lang: 'ko', content: '새 컨트롤러\n매크로 설정 공유' });
    expect((await page('매크로 설정', 'ko')).items.map((p) => p.id)).toEqual([koHead, ko]);
  });

  it('pages through the ranked set and says when more posts match than were ranked', async () => {
    const first = await page('stick drift', 'en', { limit: '2' });
    const second = await page('stick drift', 'en', { limit: '2', cursor: first.nextCursor! });
    const third = await page('stick drift', 'en', { limit: '2', cursor: second.nextCursor! });
    expect([...first.items, ...second.items, ...third.items].map((p) => p.id)).toEqual((await page('stick drift', 'en')).items.map((p) => p.id));
    expect(third.nextCursor).toBeNull();

    await insertPosts(app.db, Array.from({ length: searchCandidates + 5 }, (_, i) => ({ orgId: alice.org, authorId: alice.id, lang: 'en' as const, content: `quokkamacro filler ${i}` })));
    const many = await page('quokkamacro', 'en');
    expect(many.cut).toBe(true);
    expect(many.items).toHaveLength(20);
    expect(contents(await page('quokkamacro', 'en', { sort: 'new' }))[0]).toBe(`quokkamacro filler ${searchCandidates + 4}`);
  });

  it('asks for posts with some of the words only when those with every word do not fill the page and tell of a next', async () => {
    const anyWord = anyTermQuery('stick drift');
    const ranked = async (offset: number) => {
      const asked: unknown[][] = [];
      const repo = new SearchRepo({ query: (sql, params) => (asked.push(params ?? []), app.db.query(sql, params)) });
      const filter = { orgId: alice.org, lang: 'en' as const, viewerId: null, sort: 'new' as const, limit: 2, search: searchQuery('stick drift')! };
      const found = await app.db.tx((tx) => bestMatches(new SearchRepo(tx), filter, 'stick drift', offset));
      await bestMatches(repo, filter, 'stick drift', offset);
      return { ids: found.rows.map((row) => row.id), partial: asked.some((values) => values.includes(anyWord)) };
    };
    // Four posts hold both words: the first page of two (and the sign of a next) stands among them.
    expect(await ranked(0)).toEqual({ ids: [newestAsWritten, asWritten, deep], partial: false });
    expect(await ranked(2)).toEqual({ ids: [deep, scattered, some], partial: true });
  });

  it('refuses a cursor of another order, and the feed without a search keeps newest first', async () => {
    const newest = await page('stick drift', 'en', { sort: 'new', limit: '1' });
    const refused = await app.inject({ method: 'GET', url: '/api/posts', headers: as(alice, 'en'), query: { q: 'stick drift', cursor: newest.nextCursor! } });
    expect(refused.statusCode).toBe(400);
    expect(JSON.stringify(refused.json())).toContain('querystring.cursor');
    const feed = data<FeedPage>(await app.inject({ method: 'GET', url: '/api/posts', headers: as(alice, 'en'), query: { sort: 'relevance' } }));
    const ids = feed.items.map((p) => BigInt(p.id));
    expect(ids).toEqual([...ids].sort((a, b) => (b > a ? 1 : -1)));
  });
});
