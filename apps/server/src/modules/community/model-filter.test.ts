import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Lang, Post } from '@padhub/contracts';
import { splitStatements } from '#server/db/migrate.ts';
import { buildTestApp, data, registerUser } from '#server-test/helper.ts';
import { createPost } from '#server/modules/posting/test-fixtures.ts';
import { comboMacros, fpsMapping, makeConfig, swapMapping } from '#server/modules/configs/test-fixtures.ts';
import { type FeedFilter, feedStatement, insertPosts, type NewPost } from './posts-repo.ts';
import { as, makePost } from './test-fixtures.ts';

const app = await buildTestApp({ REGISTER_LIMIT_PER_IP: '1000' });
const alice = await registerUser(app);
const bob = await registerUser(app);

type FeedPage = { items: Post[]; nextCursor: string | null };

async function feed(model: string, lang: Lang, extra: Record<string, string> = {}, viewer: Parameters<typeof as>[0] = bob): Promise<FeedPage> {
  return data<FeedPage>(await app.inject({ method: 'GET', url: '/api/posts', headers: as(viewer, lang), query: { model, limit: '50', ...extra } }));
}

const ids = async (model: string, lang: Lang, extra: Record<string, string> = {}) => (await feed(model, lang, extra)).items.map((p) => p.id);

async function allPages(model: string, lang: Lang, extra: Record<string, string>) {
  const seen: string[] = [];
  let cursor: string | null = null;
  do {
    const page: FeedPage = await feed(model, lang, { ...extra, ...(cursor ? { cursor } : {}) });
    seen.push(...page.items.map((p) => p.id));
    cursor = page.nextCursor;
  } while (cursor);
  return seen;
}

describe('GET /api/posts?model= finds the posts about a model', () => {
  it('by the model the author picked or by the configurations the post carries, each once', async () => {
    const arcade = await makeConfig(app, alice, comboMacros('arcade'));
    const lite = await makeConfig(app, alice, swapMapping('lite'));
    const picked = await makePost(app, alice, { lang: 'jp', model: 'arcade' });
    const carried = await makePost(app, alice, { lang: 'jp', configIds: [arcade.id] });
    const both = await makePost(app, alice, { lang: 'jp', model: 'arcade', configIds: [arcade.id, lite.id] });
    const other = await makePost(app, alice, { lang: 'jp', model: 'pro-2', configIds: [lite.id] });
    await makePost(app, alice, { lang: 'jp' });

    expect(await ids('arcade', 'jp')).toEqual([both, carried, picked]);
    expect(await ids('lite', 'jp')).toEqual([other, both]);
    expect(await ids('pro-2', 'jp')).toEqual([other]);
    expect(await ids('elite-x', 'jp')).toEqual([]);
    expect(await ids('arcade', 'jp', { sort: 'popular' })).toEqual([both, carried, picked]);
    expect(await ids('arcade', 'jp', { hasConfigs: 'true' })).toEqual([both, carried]);
    // Anonymous readers get the same.
    expect((await feed('arcade', 'jp', {}, { org: alice.org })).items.map((p) => p.id)).toEqual([both, carried, picked]);
  });

  it('for a post sent through the API with configurations and no model', async () => {
    const config = await makeConfig(app, alice, fpsMapping('elite-x'));
    const sent = data<Post>(await createPost(app, alice, { content: 'My paddles, no model picked', media: [], configIds: [config.id] }, { lang: 'ko' }));
    expect(sent.model).toBeNull();
    expect(await ids('elite-x', 'ko')).toEqual([sent.id]);
  });

  it('no longer by a configuration that was deleted and so taken off the post', async () => {
    const keep = await makeConfig(app, alice, swapMapping('lite'));
    const gone = await makeConfig(app, alice, fpsMapping('pro-2'));
    const post = await makePost(app, alice, { lang: 'ko', configIds: [gone.id, keep.id] });
    expect(await ids('pro-2', 'ko')).toContain(post);
    data(await app.inject({ method: 'DELETE', url: `/api/configs/${gone.id}`, headers: alice.headers }));
    expect(await ids('pro-2', 'ko')).not.toContain(post);
    expect(await ids('lite', 'ko')).toContain(post);
  });

  it('only while the post is in the feed: not after review refuses it or someone deletes it', async () => {
    const config = await makeConfig(app, alice, comboMacros('arcade'));
    const post = await makePost(app, alice, { lang: 'en', model: 'lite', configIds: [config.id] });
    expect(await ids('arcade', 'en')).toContain(post);
    await app.db.query(`update posts set review_status = 'not_passed' where id = $1`, [post]);
    expect(await ids('arcade', 'en')).not.toContain(post);
    expect(await ids('lite', 'en')).not.toContain(post);
    await app.db.query(`update posts set review_status = 'passed' where id = $1`, [post]);
    expect(await ids('lite', 'en')).toContain(post);
    data(await app.inject({ method: 'DELETE', url: `/api/posts/${post}`, headers: alice.headers }));
    expect(await ids('arcade', 'en')).not.toContain(post);
    expect(await ids('lite', 'en')).not.toContain(post);
  });

  it('page by page without repeats or gaps, newest and popular, the two kinds of post interleaved', async () => {
    const config = await makeConfig(app, alice, swapMapping('lite'));
    const posts: string[] = [];
    for (let i = 0; i < 9; i++) {
      posts.push(await makePost(app, alice, { lang: 'en', ...(i % 3 === 0 ? { model: 'lite' } : i % 3 === 1 ? { configIds: [config.id] } : { model: 'pro-2' }) }));
    }
    const ofLite = posts.filter((_, i) => i % 3 !== 2);
    for (const [i, id] of ofLite.entries()) await app.db.query('update posts set like_count = $2 where id = $1', [id, i % 3]);
    expect(await allPages('lite', 'en', { limit: '2' })).toEqual([...ofLite].reverse());
    const popular = await allPages('lite', 'en', { limit: '2', sort: 'popular' });
    const byScore = ofLite.map((id, i) => ({ id, score: i % 3 })).sort((a, b) => b.score - a.score || Number(b.id) - Number(a.id));
    expect(popular).toEqual(byScore.map((p) => p.id));
  });
});

describe('the models of carried configurations', () => {
  it('are filled in for posts written before migration 007', async () => {
    const config = await makeConfig(app, alice, comboMacros('arcade'));
    const post = await makePost(app, alice, { lang: 'cn', configIds: [config.id] });
    // As the posts were before the migration: no models kept.
    await app.db.query('delete from post_models where post_id = $1', [post]);
    await app.db.query(`update posts set config_models = '{}' where id = $1`, [post]);
    await app.db.query('delete from post_models where post_id = $1', [post]);
    expect(await ids('arcade', 'cn')).not.toContain(post);
    const migration = readFileSync(path.join(import.meta.dirname, '../../db/migrations/007-post-config-models.sql'), 'utf8');
    const backfill = splitStatements(migration).filter((s) => /^(update posts|insert into post_models)/.test(s));
    expect(backfill).toHaveLength(2);
    for (const statement of backfill) await app.db.query(statement);
    expect(await ids('arcade', 'cn')).toContain(post);
  });

  it('are walked in feed order on an index, on a few thousand posts', async () => {
    const [arcade, lite] = [await makeConfig(app, alice, comboMacros('arcade')), await makeConfig(app, alice, swapMapping('lite'))];
    const models = ['pro-2', 'lite', 'elite-x', 'arcade'];
    const posts: NewPost[] = Array.from({ length: 4000 }, (_, i) => ({
      orgId: alice.org,
      authorId: alice.id,
      lang: 'cn',
      content: `post ${i}`,
      ...(i % 10 === 3 ? { configIds: [i % 20 === 3 ? arcade.id : lite.id] } : { model: models[i % 4] }),
    }));
    await insertPosts(app.db, posts);
    await app.db.exec('analyze posts');
    await app.db.exec('analyze post_models');

    for (const sort of ['new', 'popular'] as const) {
      for (const viewerId of [null, bob.id]) {
        for (const model of ['arcade', 'mini']) {
          const statement = feedStatement({ orgId: alice.org, lang: 'cn', viewerId, sort, model, limit: 20 });
          const plan = (await app.db.query<{ 'QUERY PLAN': string }>(`explain ${statement.text}`, statement.values)).map((r) => r['QUERY PLAN']).join('\n');
          const label = `${sort}, ${viewerId ? 'signed in' : 'anonymous'}, ${model}`;
          // One ordered walk of the posts about the model, whichever way they are about it.
          // For a model with few posts the planner may walk the every-language index (migration 011)
          // and skip the other languages: the same ordered walk of the model's rows.
          expect(plan, label).toMatch(sort === 'new' ? /post_models(_all)?_new_idx/ : /post_models(_all)?_popular_idx/);
          expect(plan, label).not.toMatch(/Sort Key/);
          expect(plan, label).not.toMatch(/Seq Scan on posts/);
        }
      }
    }
    expect(await ids('arcade', 'cn', { limit: '20' })).toHaveLength(20);
  });

  it('from the cursor on: a deep page reads about as many posts as the first, as planned and merged', async () => {
    const written = await insertPosts(
      app.db,
      Array.from({ length: 4000 }, (_, i) => ({ orgId: alice.org, authorId: alice.id, lang: 'ko', content: `post ${i}`, model: i % 4 === 0 ? 'arcade' : 'lite' })),
    );
    await app.db.query('update posts set like_count = id % 7 where id = any ($1::bigint[])', [written]);
    await app.db.exec('analyze posts');
    await app.db.exec('analyze post_models');
    /**
     * The posts rows the statement reads (EXPLAIN ANALYZE counts rows, not time). 'merged': as the
     * planner joined post_models and posts on PGlite at 100 000 posts (docs/feed-cost.md), a merge
     * of the two walked in id order.
     */
    const postsRead = (filter: FeedFilter, join: 'planned' | 'merged') =>
      app.db.tx(async (q) => {
        if (join === 'merged') for (const other of ['nestloop', 'hashjoin']) await q.query(`set local enable_${other} = off`);
        const statement = feedStatement(filter);
        const [row] = await q.query<{ 'QUERY PLAN': unknown }>(`explain (analyze, format json) ${statement.text}`, statement.values);
        const plan = row!['QUERY PLAN'];
        type Node = { 'Relation Name'?: string; Alias?: string; 'Actual Rows': number; 'Actual Loops': number; Plans?: Node[] };
        const nodes = (node: Node): Node[] => [node, ...(node.Plans ?? []).flatMap(nodes)];
        const root = (typeof plan === 'string' ? JSON.parse(plan) : plan) as [{ Plan: Node }];
        return nodes(root[0].Plan)
          .filter((node) => node['Relation Name'] === 'posts' && node.Alias === 'p')
          .reduce((sum, node) => sum + node['Actual Rows'] * node['Actual Loops'], 0);
      });
    for (const sort of ['new', 'popular'] as const) {
      const filter: FeedFilter = { orgId: alice.org, lang: 'ko', viewerId: bob.id, sort, model: 'arcade', limit: 20 };
      // Where page 26 of the 50 pages about arcade starts.
      const [at] = await app.db.query<{ score: number; id: string }>(
        `select score, post_id::text as id from post_models where org_id = $1 and lang = 'ko' and model = 'arcade'
         order by ${sort === 'new' ? 'post_id desc' : 'score desc, post_id desc'} offset 499 limit 1`,
        [alice.org],
      );
      const after = sort === 'new' ? [at!.id] : [String(at!.score), at!.id];
      for (const join of ['planned', 'merged'] as const) {
        const [first, deep] = [await postsRead(filter, join), await postsRead({ ...filter, after }, join)];
        expect(first, `${sort}, ${join}`).toBeGreaterThanOrEqual(21);
        expect(deep, `${sort}, ${join}`).toBeLessThanOrEqual(first * 1.5);
      }
    }
  });
});
