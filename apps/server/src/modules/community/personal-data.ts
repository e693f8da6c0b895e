import type { Media } from '@padhub/contracts';
import type { Queryable } from '#server/db/client.ts';

/** What a person wrote and marked, as their archive holds it (docs/privacy.md, "What the archive holds"). */
export interface CommunityData {
  posts: { id: string; content: string; lang: string; model: string | null; media: Media[]; configIds: string[]; reviewStatus: string; createdAt: string; editedAt: string | null }[];
  comments: { id: string; content: string; createdAt: string; replyTo: string | null; post: { id: string; excerpt: string | null } }[];
  likes: { postId: string; createdAt: string }[];
  favourites: { postId: string; createdAt: string }[];
  commentLikes: { commentId: string; createdAt: string }[];
}

const iso = (d: Date | null) => d?.toISOString() ?? null;
/** The post a comment answers, in a few words: enough to tell which it was. */
const EXCERPT = 140;

/** The person's live posts, comments and marks, oldest first. */
export async function communityData(q: Queryable, userId: string): Promise<CommunityData> {
  const posts = await q.query<{ id: string; content: string; lang: string; model: string | null; media: Media[]; config_ids: string[]; review_status: string; created_at: Date; edited_at: Date | null }>(
    `select id, content, lang, model, media, config_ids::text[] as config_ids, review_status, created_at, edited_at
     from posts where author_id = $1 and deleted_at is null order by id`,
    [userId],
  );
  const comments = await q.query<{ id: string; content: string; created_at: Date; reply_to_id: string | null; post_id: string; excerpt: string | null }>(
    `select c.id, c.content, c.created_at, c.reply_to_id, c.post_id,
       case when p.deleted_at is null then left(p.content, ${EXCERPT}) end as excerpt
     from comments c join posts p on p.id = c.post_id
     where c.author_id = $1 and c.deleted_at is null order by c.id`,
    [userId],
  );
  const marks = (table: string, key: string) =>
    q.query<{ id: string; created_at: Date }>(`select ${key} as id, created_at from ${table} where user_id = $1 order by created_at`, [userId]);
  const [likes, favourites, commentLikes] = [await marks('post_likes', 'post_id'), await marks('post_favourites', 'post_id'), await marks('comment_likes', 'comment_id')];
  return {
    posts: posts.map((p) => ({
      id: p.id,
      content: p.content,
      lang: p.lang,
      model: p.model,
      media: p.media,
      configIds: p.config_ids,
      reviewStatus: p.review_status,
      createdAt: p.created_at.toISOString(),
      editedAt: iso(p.edited_at),
    })),
    comments: comments.map((c) => ({ id: c.id, content: c.content, createdAt: c.created_at.toISOString(), replyTo: c.reply_to_id, post: { id: c.post_id, excerpt: c.excerpt } })),
    likes: likes.map((l) => ({ postId: l.id, createdAt: l.created_at.toISOString() })),
    favourites: favourites.map((l) => ({ postId: l.id, createdAt: l.created_at.toISOString() })),
    commentLikes: commentLikes.map((l) => ({ commentId: l.id, createdAt: l.created_at.toISOString() })),
  };
}

/**
 * The purge of a deregistered person's community rows (docs/privacy.md, "Deletion"). Their likes
 * and favourites go (and leave the counts they were in); their posts and comments are emptied
 * and marked deleted, their revisions and waiting edits go. A comment keeps its row, empty: the
 * replies of others still hang from it, and the thread shows it as deleted. Answers the rows changed.
 */
export async function forgetCommunity(q: Queryable, userId: string): Promise<number> {
  let changed = 0;
  for (const [table, key, target] of [['post_likes', 'post_id', 'posts'], ['comment_likes', 'comment_id', 'comments']] as const) {
    await q.query(`update ${target} t set like_count = greatest(0, t.like_count - 1) from ${table} m where m.user_id = $1 and t.id = m.${key}`, [userId]);
    changed += (await q.query(`delete from ${table} where user_id = $1 returning 1`, [userId])).length;
  }
  await q.query('update posts t set favourite_count = greatest(0, t.favourite_count - 1) from post_favourites m where m.user_id = $1 and t.id = m.post_id', [userId]);
  changed += (await q.query('delete from post_favourites where user_id = $1 returning 1', [userId])).length;

  // The counters a live comment counts in, as deleting one by one would move them.
  const live = await q.query<{ post_id: string; root_id: string | null; n: number }>(
    'select post_id, root_id, count(*)::int as n from comments where author_id = $1 and deleted_at is null and held is null group by post_id, root_id',
    [userId],
  );
  for (const { post_id, root_id, n } of live) {
    await q.query('update posts set comment_count = greatest(0, comment_count - $2) where id = $1', [post_id, n]);
    if (root_id) await q.query('update comments set reply_count = greatest(0, reply_count - $2) where id = $1', [root_id, n]);
  }
  changed += (await q.query('delete from comment_revisions where comment_id in (select id from comments where author_id = $1) returning 1', [userId])).length;
  changed += (await q.query(`update comments set content = '', censored = null, deleted_at = coalesce(deleted_at, now()) where author_id = $1 returning 1`, [userId])).length;

  for (const table of ['post_revisions', 'post_edits']) {
    changed += (await q.query(`delete from ${table} where post_id in (select id from posts where author_id = $1) returning 1`, [userId])).length;
  }
  changed += (
    await q.query(
      `update posts set content = '', censored = null, watched_words = '{}', media = '[]', config_ids = '{}', search = ''::tsvector, review_reason = null, deleted_at = coalesce(deleted_at, now())
       where author_id = $1 returning 1`,
      [userId],
    )
  ).length;
  return changed;
}
