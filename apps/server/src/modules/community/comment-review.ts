import type { Queryable } from '#server/db/client.ts';
import type { Notices } from '#server/lib/notices.ts';
import { announceComment } from './announce.ts';
import type { CommentsRepo } from './comments-repo.ts';
import { mentionedNames, notifyMentions } from './mentions.ts';
import type { StaffCommentRow } from './moderation-repo.ts';
import type { PostsRepo } from './posts-repo.ts';

/** The repos a held comment's review runs on the caller's transaction (`on(q)`). */
type ReviewRepos = { posts: PostsRepo; comments: CommentsRepo };

/**
 * Comments a `require_approval` watched word holds (migration 046; docs/moderation.md, "Comments
 * waiting for review"): written and kept, their author's alone, counted and told only once a
 * moderator passes them. Moderation decides them through public.ts, in its action's transaction.
 */

/** A held comment of the organisation as the review queue lists it, with the post it is on. */
export interface HeldCommentRow extends StaffCommentRow {
  watched_words: string[];
  held: 'new' | 'edit';
  post_content: string;
}

/** The organisation's held comments on live posts, oldest first. */
export function heldComments(q: Queryable, orgId: string, after: string | undefined, limit: number): Promise<HeldCommentRow[]> {
  return q.query<HeldCommentRow>(
    `select c.id, c.post_id, c.author_id, c.content, false as deleted, c.created_at, c.edited_at, c.reply_to_id,
       a.author_id as reply_to_author_id, a.content as reply_to_content, c.watched_words, c.held, left(p.content, 140) as post_content
     from comments c join posts p on p.id = c.post_id left join comments a on a.id = c.reply_to_id
     where c.org_id = $1 and c.held is not null and c.deleted_at is null and p.deleted_at is null and ($2::bigint is null or c.id > $2::bigint)
     order by c.id limit $3`,
    [orgId, after ?? null, limit + 1],
  );
}

/** Held comments waiting in the review queue (as `heldComments` lists them). */
export async function heldCommentCount(q: Queryable, orgId: string): Promise<number> {
  const [row] = await q.query<{ n: number }>(
    `select count(*)::int as n from comments c join posts p on p.id = c.post_id
     where c.org_id = $1 and c.held is not null and c.deleted_at is null and p.deleted_at is null`,
    [orgId],
  );
  return row?.n ?? 0;
}

/** Locks the post of a held comment of the organisation first (one lock order with comment writes); undefined when there is none. */
async function lockHeld(posts: PostsRepo, q: Queryable, orgId: string, id: string) {
  const [found] = await q.query<{ post_id: string }>('select post_id from comments where id = $1 and org_id = $2 and held is not null and deleted_at is null', [id, orgId]);
  if (!found || !(await posts.on(q).lock(orgId, found.post_id))) return undefined;
  const [row] = await q.query<{ post_id: string; root_id: string | null; author_id: string; content: string; censored: string | null; held: 'new' | 'edit' | null; reply_to_author_id: string | null }>(
    'select post_id, root_id, author_id, content, censored, held, reply_to_author_id from comments where id = $1 and deleted_at is null for update',
    [id],
  );
  return row?.held ? { ...row, held: row.held } : undefined;
}

/**
 * Passes a held comment: it is counted and shown, and those a live comment would have told are
 * told now (for a held edit: only people it newly names). Answers false when no such comment waits.
 */
export async function passHeldComment(repos: ReviewRepos, q: Queryable, notifier: Notices, orgId: string, id: string): Promise<boolean> {
  const comment = await lockHeld(repos.posts, q, orgId, id);
  if (!comment) return false;
  await q.query('update comments set held = null where id = $1', [id]);
  await repos.comments.on(q).count(comment.post_id, comment.root_id, 1);
  await announceComment(q, orgId, { id, postId: comment.post_id, rootId: comment.root_id }, 'created');
  const item = { id, postId: comment.post_id, content: comment.content, censored: comment.censored };
  if (comment.held === 'new') {
    const replyTo = comment.reply_to_author_id === null ? null : { author_id: comment.reply_to_author_id };
    await notifyAnswer(repos, q, notifier, { orgId, userId: comment.author_id }, item, replyTo);
  } else {
    const [before] = await q.query<{ content: string }>('select content from comment_revisions where comment_id = $1 order by id desc limit 1', [id]);
    const mention = { orgId, authorId: comment.author_id, postId: comment.post_id, commentId: id, content: comment.content, censored: comment.censored };
    await notifyMentions(repos, q, notifier, mention, { names: mentionedNames(before?.content ?? '') });
  }
  return true;
}

/** Does not pass a held comment: it is deleted (it was in no counter). Answers false when no such comment waits. */
export async function refuseHeldComment(repos: ReviewRepos, q: Queryable, orgId: string, id: string): Promise<boolean> {
  if (!(await lockHeld(repos.posts, q, orgId, id))) return false;
  await repos.comments.on(q).softDelete(id);
  return true;
}

/**
 * A top-level comment tells the post's author; a reply tells the author of what it answers, if
 * they can still see the post (a post's author may have blacklisted them since).
 */
export async function notifyAnswer(
  repos: { posts: PostsRepo },
  q: Queryable,
  notifier: Notices,
  author: { orgId: string; userId: string },
  comment: { id: string; postId: string; content: string; censored: string | null },
  replyTo: { author_id: string } | null,
): Promise<void> {
  const target = { type: 'comment', id: comment.id, postId: comment.postId, excerpt: comment.censored ?? comment.content } as const;
  const posts = repos.posts.on(q);
  if (replyTo) {
    if (await posts.find(author.orgId, comment.postId, replyTo.author_id)) {
      await notifier.notify(q, { orgId: author.orgId, type: 'reply', recipientId: replyTo.author_id, actorId: author.userId, target });
    }
  }
  const post = replyTo ? undefined : await posts.find(author.orgId, comment.postId, author.userId);
  if (post) await notifier.notify(q, { orgId: author.orgId, type: 'comment', recipientId: post.author_id, actorId: author.userId, target });
  const told = [replyTo?.author_id ?? post?.author_id].filter((id) => id !== undefined);
  const item = { orgId: author.orgId, authorId: author.userId, postId: comment.postId, commentId: comment.id, content: comment.content, censored: comment.censored };
  await notifyMentions(repos, q, notifier, item, { ids: told });
}
