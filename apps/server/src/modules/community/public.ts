import type { Queryable } from '#server/db/client.ts';
import { type Condition, type Expr, type Row, aliasOf, col, named, placeholder, sql } from '#server/db/sql.ts';
import { author, comment, joinAuthor, joinCommentAuthor, joinPostOwner, post, postOwner } from './aliases.ts';
import { type PostRow, postColumns, shownContent, toPost } from './rows.ts';
import { type ViewerLists, commentGone, postInFeed, postVisible } from './visibility.ts';

/**
 * What other modules may use of community besides its services (docs/architecture.md, "Server").
 * Community owns `posts`, `post_models`, `comments`, `post_likes`, `post_favourites`,
 * `comment_likes`, `comment_revisions`, `post_revisions` and `post_edits`. Another module's
 * statement that must filter by a post or its author in the same query uses the typed SQL
 * fragments here (db/sql.ts; the visibility rule of visibility.ts inside them); everything else is a function that
 * takes the caller's connection or transaction (`q`), so a cross-module write commits with the
 * caller's, and what runs community's repos is a method of `CommunityOffer`, which the composition
 * root builds once with them.
 */

export { ownerHidden } from './visibility.ts';
export { type FeedView, commentLikesFor, commentSeenBy, postCountsFor, postShownInFeed, reviewQueueCount } from './live-reads.ts';
export { announceListed, announceQueue } from './announce.ts';
export { editReview, reviewStatusForNewPost } from './review.ts';
export { mentionedNames } from './mentions.ts';
export { heldComments } from './comment-review.ts';
export { CommunityOffer } from './offer.ts';
export { detachConfig, insertPost } from './posts-repo.ts';
export { liveMediaOf } from './live-media.ts';
export { patchMediaItems } from './media-items.ts';
export { lockPostForEdit, mediaNoLongerNamed, passPostEdit, postRevisions, refusePostEdit, replacePostVersion, stagePostEdit } from './edits-repo.ts';
export {
  type StaffCommentRow,
  commentRevisions,
  contentOf,
  holdPostForReview,
  type StaffPostRow,
  pendingPosts,
  setReview,
  staffComments,
  staffPosts,
  takeDownPost,
} from './moderation-repo.ts';

/** The condition that always holds: a fragment's `when` by default. */
const always = sql<'boolean'>`true`;

/**
 * Subquery: the post `id` (`post_id`, `content`) when the viewer may open it, and `when` holds.
 * A lateral join of it answers nothing for a post the viewer may not see.
 */
export function visiblePost(id: Expr<'bigint'>, viewer: Expr<'bigint'>, when: Condition = always, lists: ViewerLists = 'apply'): Expr<'rows'> {
  return sql`select p.id as post_id, ${shownContent(post, viewer)} as content from posts p ${joinAuthor}
    where ${when} and p.id = ${id} and ${postVisible(post, author, viewer, lists)}`;
}

/** Subquery: the comment `id` (`post_id`, `root_id`, `content`) when the viewer may see it and its post, and `when` holds. */
export function visibleComment(id: Expr<'bigint'>, viewer: Expr<'bigint'>, when: Condition = always, lists: ViewerLists = 'apply'): Expr<'rows'> {
  return sql`select c.post_id, c.root_id, ${shownContent(comment, viewer)} as content from comments c ${joinCommentAuthor}
      join posts p on p.id = c.post_id ${joinPostOwner}
    where ${when} and c.id = ${id} and not ${commentGone(comment, author, viewer, lists)} and ${postVisible(post, postOwner, viewer, lists)}`;
}

/** Scalar subquery: the post (as text) of the comment `id`, deleted or not (a comment keeps its post). */
export function postOfComment(id: Expr<'bigint'>): Expr<'text'> {
  return sql`(select c.post_id::text from comments c where c.id = ${id})`;
}

/** The configuration `config` is carried by a live post the viewer may open. */
export function carriedByVisiblePost(config: Row<'configs'>, viewer: Expr<'bigint'>): Condition {
  return sql`exists (
    select 1 from posts p ${joinPostOwner}
    where p.org_id = ${col(config, 'org_id')} and p.config_ids @> array[${col(config, 'id')}] and p.deleted_at is null and ${postVisible(post, postOwner, viewer)})`;
}

/**
 * Subquery for a lateral join: the newest post (`post_id`) carrying the configuration `config`
 * that the viewer may open, null when there is none. An aggregate
 * rather than `order by id desc limit 1`, which the planner would serve by walking every post in
 * id order instead of asking the index of carried configurations.
 */
export function newestVisiblePostCarrying(config: Row<'configs'>, viewer: Expr<'bigint'>): Expr<'rows'> {
  return sql`select max(p.id) as post_id from posts p ${joinPostOwner}
    where p.org_id = ${col(config, 'org_id')} and p.config_ids @> array[${col(config, 'id')}] and ${postVisible(post, postOwner, viewer)}`;
}

/** The content language of the post `postId`: one primary-key probe. */
export function postLangOf(postId: Expr<'bigint'>): Expr<'text'> {
  const lp = aliasOf('posts', 'lp');
  return sql`(select ${col(lp, 'lang')} from posts ${lp} where ${col(lp, 'id')} = ${postId})`;
}

/**
 * Of these posts or comments, those the viewer may still see, with their text now (and a reply's
 * thread): what a notification shows, and which of its targets are gone (a tombstone). One
 * statement per kind.
 */
export async function visibleTexts(
  q: Queryable,
  type: 'post' | 'comment',
  ids: string[],
  viewerId: string,
): Promise<Map<string, { content: string; rootId: string | null }>> {
  if (ids.length === 0) return new Map();
  const target = named('t.id', 'bigint');
  const fragment = type === 'post' ? visiblePost(target, placeholder(2, 'bigint')) : visibleComment(target, placeholder(2, 'bigint'));
  const root = type === 'post' ? 'null' : 'v.root_id::text';
  const rows = await q.query<{ id: string; content: string; root_id: string | null }>(
    `select t.id::text as id, v.content, ${root} as root_id from unnest($1::bigint[]) t(id) cross join lateral (${fragment}) v`,
    [ids, viewerId],
  );
  return new Map(rows.map((r) => [r.id, { content: r.content, rootId: r.root_id }]));
}

/** How many posts of the author the viewer sees, and the likes those posts received. */
export async function authorTotals(q: Queryable, orgId: string, authorId: string, viewerId: string | null): Promise<{ posts: number; likes: number }> {
  const [row] = await q.query<{ posts: number; likes: number }>(
    `select count(*)::int as posts, coalesce(sum(p.like_count), 0)::int as likes from posts p ${joinAuthor}
     where p.org_id = $1 and p.author_id = $2 and ${postInFeed(post, author, placeholder(3, 'bigint'))}`,
    [orgId, authorId, viewerId],
  );
  return row ?? { posts: 0, likes: 0 };
}

/** The author's posts the viewer may see in a feed, newest first; limit + 1 of them. */
export async function postsOfAuthor(q: Queryable, orgId: string, authorId: string, viewerId: string | null, after: string | undefined, limit: number) {
  const rows = await q.query<PostRow>(
    `select ${postColumns(placeholder(3, 'bigint'))} from posts p ${joinAuthor}
     where p.org_id = $1 and p.author_id = $2 and ${postInFeed(post, author, placeholder(3, 'bigint'))} and ($4::bigint is null or p.id < $4::bigint)
     order by p.id desc limit $5`,
    [orgId, authorId, viewerId, after ?? null, limit + 1],
  );
  return rows.map((row) => ({ post: toPost(row, viewerId), id: row.id }));
}

/** Your data (docs/privacy.md): what the archive holds of community, and the purge. */
export { type CommunityData, communityData, forgetCommunity } from './personal-data.ts';
