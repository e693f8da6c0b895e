import type { Lang, Media, ReviewStatus } from '@padhub/contracts';
import type { Queryable } from '#server/db/client.ts';
import type { CommentsRepo } from './comments-repo.ts';

/**
 * What moderation reads and does to posts and comments (through public.ts). Every query names the
 * organisation, and none goes through the members' visibility rule: moderators see hidden, deleted
 * and not passed content, for evidence. The writes run in the transaction of the moderator's
 * action, which also writes its audit line.
 */

export interface StaffPostRow {
  id: string;
  author_id: string;
  content: string;
  lang: Lang;
  media: Media[];
  review_status: ReviewStatus;
  review_reason: string | null;
  deleted: boolean;
  created_at: Date;
  edited_at: Date | null;
  /** The author's edit waiting for review, if any. */
  edit_content: string | null;
  edit_media: Media[] | null;
  edit_created_at: Date | null;
  /** Edited while live (post-moderation) and not reviewed since. */
  edit_unreviewed: boolean;
  /** The watched words the post and its waiting edit met (migration 037). */
  watched_words: string[];
  edit_watched_words: string[] | null;
}

export interface StaffCommentRow {
  id: string;
  post_id: string;
  author_id: string;
  content: string;
  deleted: boolean;
  created_at: Date;
  reply_to_id: string | null;
  reply_to_author_id: string | null;
  reply_to_content: string | null;
  edited_at: Date | null;
}

const staffPostColumns = `p.id, p.author_id, p.content, p.lang, p.media, p.review_status, p.review_reason,
  p.deleted_at is not null as deleted, p.created_at, p.edited_at, e.content as edit_content, e.media as edit_media, e.created_at as edit_created_at, p.edit_unreviewed,
  p.watched_words, e.watched_words as edit_watched_words`;
const staffPostFrom = `posts p left join post_edits e on e.post_id = p.id and e.review_status = 'pending'`;
const ids = (list: string[]) => `{${list.join(',')}}`;

export function staffPosts(q: Queryable, orgId: string, postIds: string[]): Promise<StaffPostRow[]> {
  if (postIds.length === 0) return Promise.resolve([]);
  return q.query<StaffPostRow>(`select ${staffPostColumns} from ${staffPostFrom} where p.org_id = $1 and p.id = any($2::bigint[])`, [orgId, ids(postIds)]);
}

export function staffComments(q: Queryable, orgId: string, commentIds: string[]): Promise<StaffCommentRow[]> {
  if (commentIds.length === 0) return Promise.resolve([]);
  return q.query<StaffCommentRow>(
    `select c.id, c.post_id, c.author_id, c.content, c.deleted_at is not null as deleted, c.created_at, c.edited_at,
       c.reply_to_id, a.author_id as reply_to_author_id, a.content as reply_to_content
     from comments c left join comments a on a.id = c.reply_to_id
     where c.org_id = $1 and c.id = any($2::bigint[])`,
    [orgId, ids(commentIds)],
  );
}

/**
 * Posts waiting for review (pre-moderation), passed posts whose edit waits (pre-moderation), and
 * posts edited while live and not reviewed since (post-moderation), oldest first.
 */
export function pendingPosts(q: Queryable, orgId: string, after: string | undefined, limit: number): Promise<StaffPostRow[]> {
  return q.query<StaffPostRow>(
    `select ${staffPostColumns} from ${staffPostFrom}
     where p.org_id = $1 and (p.review_status = 'pending' or e.post_id is not null or p.edit_unreviewed) and p.deleted_at is null and ($2::bigint is null or p.id > $2::bigint)
     order by p.id limit $3`,
    [orgId, after ?? null, limit + 1],
  );
}

/**
 * Passes or does not pass a live post (and its live edit); the reason, with the language it was
 * written in, is kept for its author when it does not pass. Answers the status it had (undefined:
 * no such live post), so that a post passed only now is announced to the feeds.
 */
export async function setReview(q: Queryable, orgId: string, postId: string, status: 'passed' | 'not_passed', reason: { text: string; lang: Lang } | null): Promise<string | undefined> {
  const rows = await q.query<{ was: string }>(
    `with before as (select id, review_status from posts where id = $1 and org_id = $2 and deleted_at is null for update)
     update posts p set review_status = $3, review_reason = $4, review_reason_lang = $5, edit_unreviewed = false from before where p.id = before.id
     returning before.review_status as was`,
    [postId, orgId, status, reason?.text ?? null, reason?.lang ?? null],
  );
  return rows[0]?.was;
}

/**
 * Takes a post down; one its author already deleted stays deleted (and its case can still close).
 * Answers the media it named (their files are to be deleted), or null when there is no such post.
 */
export async function takeDownPost(q: Queryable, orgId: string, postId: string): Promise<Media[] | null> {
  const [row] = await q.query<{ media: Media[]; edit_media: Media[] }>(
    `update posts set deleted_at = coalesce(deleted_at, now()) where id = $1 and org_id = $2
     returning media, coalesce((select e.media from post_edits e where e.post_id = posts.id), '[]') as edit_media`,
    [postId, orgId],
  );
  return row ? [...row.media, ...row.edit_media] : null;
}

/**
 * Sends a passed post back to review (a server-made video poster that looks like a removed
 * picture, when the organisation holds such posts); answers whether it changed. Its video holds it
 * from others until then anyway (visibility.ts, `postVisible`).
 */
export async function holdPostForReview(q: Queryable, orgId: string, postId: string): Promise<boolean> {
  const rows = await q.query(`update posts set review_status = 'pending' where id = $1 and org_id = $2 and review_status = 'passed' and deleted_at is null returning id`, [postId, orgId]);
  return rows.length > 0;
}

/** Deletes a comment or reply as its author would, counters included. */
export async function takeDownComment(repos: { comments: CommentsRepo }, q: Queryable, orgId: string, commentId: string): Promise<boolean> {
  const [comment] = await q.query<{ post_id: string; root_id: string | null }>('select post_id, root_id from comments where id = $1 and org_id = $2', [
    commentId,
    orgId,
  ]);
  if (!comment) return false;
  // The post row first, as the comments service does: one lock order, no deadlocks.
  await q.query('select id from posts where id = $1 for no key update', [comment.post_id]);
  const comments = repos.comments.on(q);
  // A comment held for review was in no counter (migration 046).
  if ((await comments.softDelete(commentId))?.counted) await comments.count(comment.post_id, comment.root_id, -1);
  return true;
}

/** Whose post or comment it is and what it said, deleted or not: what its author's notice names. */
export async function contentOf(q: Queryable, orgId: string, type: 'post' | 'comment', id: string) {
  const [row] = await q.query<{ author_id: string; content: string; post_id: string }>(
    type === 'post'
      ? 'select author_id, content, id as post_id from posts where id = $1 and org_id = $2'
      : 'select author_id, content, post_id from comments where id = $1 and org_id = $2',
    [id, orgId],
  );
  return row;
}

/** Earlier versions of a comment of the organisation, the latest replaced first; undefined when there is no such comment. */
export async function commentRevisions(q: Queryable, orgId: string, commentId: string) {
  const found = await q.query('select 1 from comments where id = $1 and org_id = $2', [commentId, orgId]);
  if (found.length === 0) return undefined;
  return q.query<{ content: string; replaced_at: Date }>(
    'select content, replaced_at from comment_revisions where comment_id = $1 order by id desc limit 100',
    [commentId],
  );
}
