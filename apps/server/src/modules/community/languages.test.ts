import { describe, expect, it } from 'vitest';
import type { FeedPage, Lang } from '@padhub/contracts';
import { buildTestApp, data, registerUser } from '#server-test/helper.ts';
import { expectError } from '#server/modules/safety/test-fixtures.ts';
import { feedStatement, insertPosts, type NewPost } from './posts-repo.ts';
import { as, makePost } from './test-fixtures.ts';

const app = await buildTestApp({ REGISTER_LIMIT_PER_IP: '1000' });
const alice = await registerUser(app);
const bob = await registerUser(app);

async function feed(query: Record<string, string>, lang: Lang = 'cn'): Promise<FeedPage> {
  return data<FeedPage>(await app.inject({ method: 'GET', url: '/api/posts', headers: as(bob, lang), query: { limit: '50', ...query } }));
}

describe('GET /api/posts?lang=', () => {
  it('lists every language with lang=all, each post keeping its mark, and one language when asked', async () => {
    const posts = {} as Record<Lang, string>;
    for (const lang of ['cn', 'en', 'jp', 'ko'] as const) posts[lang] = await makePost(app, alice, { lang, content: `Quartz paddle remap ${lang}` });
    const all = await feed({ lang: 'all', q: 'quartz' });
    expect(all.items.map((p) => [p.id, p.lang])).toEqual([
      [posts.ko, 'ko'],
      [posts.jp, 'jp'],
      [posts.en, 'en'],
      [posts.cn, 'cn'],
    ]);
    expect(all.otherLanguages).toBeUndefined();
    // The request's language unless the query names another.
    expect((await feed({ q: 'quartz' }, 'jp')).items.map((p) => p.id)).toEqual([posts.jp]);
    expect((await feed({ q: 'quartz', lang: 'en' }, 'jp')).items.map((p) => p.id)).toEqual([posts.en]);
    expect((await feed({ lang: 'all', sort: 'popular', q: 'quartz' })).items).toHaveLength(4);
  });

  it('says on the first page of a search, when it is the last, how many posts match in the other languages', async () => {
    for (let i = 0; i < 3; i++) await makePost(app, alice, { lang: 'en', content: `Obsidian trigger stop ${i}` });
    await makePost(app, alice, { lang: 'ko', content: 'Obsidian trigger stop' });
    const hidden = await makePost(app, alice, { lang: 'en', content: 'Obsidian pending', reviewStatus: 'pending' });
    const jp = await feed({ q: 'obsidian' }, 'jp');
    expect(jp.items).toEqual([]);
    expect(jp.otherLanguages).toBe(4);
    const en = await feed({ q: 'obsidian', limit: '3' }, 'en');
    expect(en.items).toHaveLength(3);
    expect(en.nextCursor).toBeNull();
    expect(en.otherLanguages).toBe(1);
    // A first page with more after it does not count them (docs/search.md), in either order, nor does the next page.
    for (const sort of ['relevance', 'new'] as const) {
      const full = await feed({ q: 'obsidian', limit: '2', sort }, 'en');
      expect(full.items, sort).toHaveLength(2);
      expect(full.nextCursor, sort).not.toBeNull();
      expect(full.otherLanguages, sort).toBeUndefined();
      expect((await feed({ q: 'obsidian', limit: '2', sort, cursor: full.nextCursor! }, 'en')).otherLanguages).toBeUndefined();
    }
    expect((await feed({})).otherLanguages).toBeUndefined();
    expect(hidden).toBeDefined();
  });

  it('refuses a language that is not one', async () => {
    expectError(await app.inject({ method: 'GET', url: '/api/posts', headers: as(bob), query: { lang: 'fr' } }), 'validation_failed');
  });

  it('walks an index in feed order for every language at once, with and without a model', async () => {
    const langs = ['cn', 'en', 'jp', 'ko'] as const;
    const posts: NewPost[] = Array.from({ length: 4000 }, (_, i) => ({
      orgId: alice.org,
      authorId: alice.id,
      lang: langs[i % 4]!,
      content: `post ${i}`,
      model: ['pro-2', 'lite', 'elite-x', 'arcade'][i % 7 % 4]!,
    }));
    await insertPosts(app.db, posts);
    await app.db.exec('analyze posts');
    await app.db.exec('analyze post_models');
    for (const sort of ['new', 'popular'] as const) {
      for (const model of [undefined, 'arcade']) {
        const statement = feedStatement({ orgId: alice.org, lang: 'all', viewerId: bob.id, sort, model, after: sort === 'new' ? ['100'] : ['0', '100'], limit: 20 });
        const plan = (await app.db.query<{ 'QUERY PLAN': string }>(`explain ${statement.text}`, statement.values)).map((r) => r['QUERY PLAN']).join('\n');
        const index = `${model ? 'post_models_all' : 'posts_feed_all'}_${sort}_idx`;
        // "Newest" is also the primary key's order: with one organisation, as here, the planner may walk that instead.
        const walks = sort === 'new' && !model ? [index, 'posts_pkey'] : [index];
        expect(walks.some((name) => plan.includes(name)), `${sort} ${model}\n${plan}`).toBe(true);
        expect(plan, `${sort} ${model}\n${plan}`).not.toMatch(/Sort Key/);
      }
    }
  });
});
