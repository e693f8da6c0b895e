import { afterAll, describe, expect, it } from 'vitest';
import { openDb } from '../apps/server/src/db/client.ts';
import { insertPosts } from '../apps/server/src/modules/community/posts-repo.ts';
import { searchDocument, searchQuery } from '../apps/server/src/modules/community/search-text.ts';
import { seedScale } from './seed-scale.ts';
import { CARRIED_ONLY, RARE_WORD } from './seed-vocabulary.ts';

// PGlite in memory, or the PostgreSQL of TEST_DATABASE_URL (which must be a fresh database).
const db = await openDb(process.env.TEST_DATABASE_URL ? { url: process.env.TEST_DATABASE_URL } : {});
afterAll(() => db.close());
const seed = await seedScale(db, { posts: 600, org: 'scale-test' });

type Row = { id: string; content: string; lang: string; model: string | null; author_id: string; created_at: Date };

describe('the scale seed', () => {
  it('writes every post with the search document the app computes for its text', async () => {
    const rows = await db.query<Row & { search: string }>(`select id, content, search::text as search from posts where org_id = $1 order by id`, [seed.org]);
    expect(rows).toHaveLength(600);
    const docs = rows.map((row) => searchDocument(row.content));
    const [same] = await db.query<{ n: number }>(
      `select count(*)::int as n from posts p join unnest($2::bigint[], $3::text[]) as d (id, doc) on d.id = p.id where p.org_id = $1 and p.search = d.doc::tsvector`,
      [seed.org, rows.map((r) => r.id), docs],
    );
    expect(same!.n).toBe(600);
    expect(new Set(rows.map((r) => r.content)).size).toBeGreaterThan(300);
  });

  it('in four languages, the rare word in a few English posts only', async () => {
    const langs = await db.query<{ lang: string; n: number }>('select lang, count(*)::int as n from posts where org_id = $1 group by lang order by lang', [seed.org]);
    expect(langs.map((l) => l.lang)).toEqual(['cn', 'en', 'jp', 'ko']);
    const rare = await db.query<{ lang: string }>('select lang from posts where org_id = $1 and search @@ $2::tsquery', [seed.org, searchQuery(RARE_WORD)]);
    expect(rare.length).toBe(seed.rarePosts);
    expect(new Set(rare.map((r) => r.lang))).toEqual(new Set(['en']));
    const [katakana] = await db.query<{ n: number }>(`select count(*)::int as n from posts where org_id = $1 and lang = 'jp' and search @@ $2::tsquery`, [seed.org, searchQuery('マクロ')]);
    expect(katakana!.n).toBeGreaterThan(0);
  });

  it('counts comments, replies and likes in the counters, as the write paths do', async () => {
    const [wrong] = await db.query<{ posts: number; threads: number; comments: number; likes: number }>(
      `select
         (select count(*)::int from posts p where p.org_id = $1 and (p.comment_count <> (select count(*) from comments c where c.post_id = p.id)
            or p.like_count <> (select count(*) from post_likes l where l.post_id = p.id) or p.score <> p.like_count + 2 * p.comment_count)) as posts,
         (select count(*)::int from comments c where c.org_id = $1 and c.reply_count <> (select count(*) from comments r where r.root_id = c.id)) as threads,
         (select count(*)::int from comments where org_id = $1) as comments,
         (select count(*)::int from post_likes l join posts p on p.id = l.post_id where p.org_id = $1) as likes`,
      [seed.org],
    );
    expect(wrong!.posts).toBe(0);
    expect(wrong!.threads).toBe(0);
    expect(wrong!.comments).toBeGreaterThan(600);
    expect(wrong!.likes).toBeGreaterThan(600);
    const [most] = await db.query<{ comment_count: number }>('select comment_count from posts where id = $1', [seed.mostCommentedPostId]);
    expect(most!.comment_count).toBeGreaterThanOrEqual(60);
  });

  it.each([
    ['that picks a model', 'model is not null'],
    ['that carries a configuration', 'model is null'],
  ])('writes a post %s exactly as the app writes the same post, derived columns and feed rows included', async (_, which) => {
    const seeded = await db.query<Row & { like_count: number; comment_count: number; config_ids: string[] }>(
      `select id, content, lang, model, author_id, created_at, like_count, comment_count, config_ids::text[] from posts where org_id = $1 and ${which} order by id desc limit 1`,
      [seed.org],
    );
    const post = seeded[0]!;
    const [appId] = await insertPosts(db, [
      { orgId: seed.org, authorId: post.author_id, content: post.content, lang: post.lang as 'cn', model: post.model, configIds: post.config_ids, createdAt: post.created_at },
    ]);
    // The counters move one by one in the app (comments-repo.ts count, reactions-repo.ts).
    await db.query('update posts set like_count = like_count + $2, comment_count = comment_count + $3 where id = $1', [appId, post.like_count, post.comment_count]);
    const derived = `select content, lang, model, author_id, created_at, media, config_ids, has_configs, config_models, review_status, review_reason,
        like_count, comment_count, favourite_count, score, search, deleted_at, edited_at,
        (select json_agg(json_build_object('model', m.model, 'org', m.org_id, 'lang', m.lang, 'score', m.score) order by m.model) from post_models m where m.post_id = posts.id) as feed_rows
      from posts where id = $1`;
    const [ours] = await db.query(derived, [post.id]);
    const [theirs] = await db.query(derived, [appId]);
    expect(ours).toEqual(theirs);
    expect((ours as { feed_rows: unknown[] }).feed_rows).toHaveLength(1);
  });

  it('has posts found only by the configuration they carry, whose configurations the hub lists', async () => {
    const [carried] = await db.query<{ posts: number; listed: number }>(
      `select (select count(*)::int from post_models where org_id = $1 and model = $2) as posts,
              (select count(*)::int from configs where org_id = $1 and shared) as listed`,
      [seed.org, CARRIED_ONLY],
    );
    expect(carried!.posts).toBeGreaterThan(0);
    expect(carried!.listed).toBe(5);
  });

  it('reuses an organisation it seeded before and refuses a database holding other posts', async () => {
    expect(await seedScale(db, { posts: 600, org: 'scale-test' })).toMatchObject({ reused: true, posts: 602 });
    await expect(seedScale(db, { posts: 10, org: 'another' })).rejects.toThrow(/fresh/);
  });
});
