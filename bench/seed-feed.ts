/**
 * The organisation the feed load bench reads: `posts` posts over 1 000 authors (7 in 10 in
 * Chinese), a viewer who liked every third of the newest thousand, and one post with 10 000
 * comments (8 000 top-level, every fourth answered twice). Built by the database itself
 * (generate_series), so 100 000 posts take seconds. Kept between runs: a second run with the same
 * size reuses it.
 */
import type { Db } from '../apps/server/src/db/client.ts';
import { searchDocument } from '../apps/server/src/modules/community/search-text.ts';

export const BENCH_ORG = 'bench-load';
const TOP_LEVEL = 8000;

export interface FeedSeed {
  org: string;
  /** The post with 10 000 comments. */
  threadPostId: string;
  /** An ordinary post near the top of the feed. */
  postId: string;
}

export async function seedFeed(db: Db, posts: number): Promise<FeedSeed> {
  const [have] = await db.query<{ n: number }>('select count(*)::int as n from posts where org_id = $1', [BENCH_ORG]);
  if (have!.n !== posts + 1) {
    await clearFeed(db);
    const started = performance.now();
    await build(db, posts);
    console.log(`seeded ${posts} posts and a 10 000-comment thread in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
  const [thread] = await db.query<{ id: string }>('select id::text from posts where org_id = $1 and comment_count = 10000', [BENCH_ORG]);
  const [post] = await db.query<{ id: string }>(`select id::text from posts where org_id = $1 and lang = 'cn' order by id desc offset 5 limit 1`, [BENCH_ORG]);
  return { org: BENCH_ORG, threadPostId: thread!.id, postId: post!.id };
}

async function build(db: Db, posts: number) {
  await db.query(
    `insert into organisations (id, name, default_language, currency, moderation_mode, models) values ($1, 'Bench', 'cn', 'CNY', 'post', $2)`,
    [BENCH_ORG, JSON.stringify(['pro-2', 'lite', 'elite-x', 'arcade'].map((id) => ({ id, name: id })))],
  );
  await db.query(
    `insert into users (org_id, username, username_key, password_hash, nickname)
     select $1, 'author' || i, 'author' || i, 'x', 'Author ' || i from generate_series(1, 1000) i`,
    [BENCH_ORG],
  );
  await db.query(
    `insert into posts (org_id, author_id, content, lang, model, search, like_count, comment_count, created_at)
     select $1, u.ids[1 + i % 1000], '第' || i || '条：这个手柄的宏配置分享，背键映射和摇杆死区的设置。我用了三个月，觉得很顺手，推荐给大家试试。',
            (array['cn', 'cn', 'cn', 'cn', 'cn', 'cn', 'cn', 'en', 'jp', 'ko'])[1 + i % 10],
            (array['pro-2', 'lite', 'elite-x', 'arcade'])[1 + i % 4],
            $3::tsvector, (i::bigint * 7919 % 60)::int, (i::bigint * 104729 % 9)::int, now() - ($2 - i) * interval '20 seconds'
     from generate_series(1, $2) i, (select array_agg(id order by id) as ids from users where org_id = $1) u`,
    [BENCH_ORG, posts, searchDocument('这个手柄的宏配置分享，背键映射和摇杆死区的设置')],
  );
  // The long thread is an older post (deep in the feed), as a popular thread usually is.
  const [thread] = await db.query<{ id: string }>(
    `insert into posts (org_id, author_id, content, lang, search, comment_count, created_at)
     values ($1, (select min(id) from users where org_id = $1), '大家的背键都怎么设置？', 'cn', $2::tsvector, 10000, now() - interval '30 days')
     returning id::text`,
    [BENCH_ORG, searchDocument('大家的背键都怎么设置')],
  );
  await db.query(
    `insert into comments (org_id, post_id, author_id, content, reply_count, created_at)
     select $1, $2, u.ids[1 + i % 1000], '第' || i || '楼：我把左背键设成了跳跃。', case when i % 4 = 0 then 2 else 0 end, now() - interval '29 days' + i * interval '1 second'
     from generate_series(1, $3) i, (select array_agg(id order by id) as ids from users where org_id = $1) u`,
    [BENCH_ORG, thread!.id, TOP_LEVEL],
  );
  await db.query(
    `insert into comments (org_id, post_id, author_id, root_id, reply_to_id, reply_to_author_id, content, created_at)
     select c.org_id, c.post_id, u.ids[1 + (c.id + k) % 1000], c.id, c.id, c.author_id, '同意，右背键换弹。', c.created_at + k * interval '1 minute'
     from comments c, generate_series(1, 2) k, (select array_agg(id order by id) as ids from users where org_id = $1) u
     where c.post_id = $2 and c.reply_count = 2`,
    [BENCH_ORG, thread!.id],
  );
  for (const table of ['posts', 'users', 'comments', 'post_likes']) await db.exec(`analyze ${table}`);
}

/** Likes of the viewer: every third of the newest thousand posts. */
export async function likeAsViewer(db: Db, org: string, viewerId: string) {
  await db.query(
    `insert into post_likes (post_id, user_id) select id, $2 from (select id from posts where org_id = $1 order by id desc limit 1000) p
     where id % 3 = 0 on conflict do nothing`,
    [org, viewerId],
  );
}

export async function clearFeed(db: Db) {
  const inOrg = 'in (select id from posts where org_id = $1)';
  await db.query(`delete from post_likes where post_id ${inOrg}`, [BENCH_ORG]);
  await db.query('delete from comments where org_id = $1 and root_id is not null', [BENCH_ORG]);
  await db.query('delete from comments where org_id = $1', [BENCH_ORG]);
  await db.query('delete from posts where org_id = $1', [BENCH_ORG]);
  await db.query('delete from sessions where org_id = $1', [BENCH_ORG]);
  await db.query('delete from users where org_id = $1', [BENCH_ORG]);
  await db.query('delete from organisations where id = $1', [BENCH_ORG]);
}
