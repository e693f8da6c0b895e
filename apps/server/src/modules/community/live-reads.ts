import type { Lang } from '@padhub/contracts';
import type { Queryable } from '#server/db/client.ts';
import { col, named } from '#server/db/sql.ts';
import { author, joinAuthor, joinCommentAuthor, joinPostOwner, post, postOwner } from './aliases.ts';
import { followedBy } from '#server/modules/facts/public.ts';
import { heldCommentCount } from './comment-review.ts';
import { authorHidden, hiddenCommentCounts, postInFeed, postVisible } from './visibility.ts';

/**
 * What the live stream may tell each of several viewers about a post or a comment: the same rules
 * as a read (`visibility.ts`), asked once for every viewer of a process rather than once each.
 */

/** Each viewer asked about, a row of `unnest($2::bigint[]) v(id)`. */
const everyViewer = named('v.id', 'bigint');

/**
 * Of `viewers`, those who would see the comment `id` in its thread (its post visible to them, its
 * author not hidden from them). A deleted comment counts as the comment it was, so that those who
 * saw it learn it went, and nobody else learns it existed.
 */
export async function commentSeenBy(q: Queryable, id: string, viewers: (string | null)[]): Promise<Set<string | null>> {
  const rows = await q.query<{ viewer: string | null }>(
    `select v.id::text as viewer from unnest($2::bigint[]) v(id)
     where exists (select 1 from comments c ${joinCommentAuthor}
       join posts p on p.id = c.post_id ${joinPostOwner}
       where c.id = $1 and not ${authorHidden(author, everyViewer)} and ${postVisible(post, postOwner, everyViewer)})`,
    [id, viewers],
  );
  return new Set(rows.map((r) => r.viewer));
}

/** The post's like and comment counts as each viewer who may open it reads them (the comments of people hidden from them left out). */
export async function postCountsFor(
  q: Queryable,
  postId: string,
  viewers: (string | null)[],
): Promise<Map<string | null, { likeCount: number; commentCount: number }>> {
  const rows = await q.query<{ viewer: string | null; like_count: number; comment_count: number; gone_comment_count: number }>(
    `select v.id::text as viewer, p.like_count, p.comment_count, ${hiddenCommentCounts(post, everyViewer)}
     from unnest($2::bigint[]) v(id) join posts p on p.id = $1 ${joinAuthor}
     where ${postVisible(post, author, everyViewer)}`,
    [postId, viewers],
  );
  return new Map(rows.map((r) => [r.viewer, { likeCount: r.like_count, commentCount: Math.max(0, r.comment_count - r.gone_comment_count) }]));
}

/** A feed as a stream watches it: the filters of its read (posts-repo.ts, `feedRows`). */
export interface FeedView {
  lang: Lang | 'all';
  model?: string;
  following: boolean;
}

/** Of `viewers`, those whose feed (`view`) a read would show the post in: listed, its author not hidden from them, and the feed's filters. */
export async function postShownInFeed(q: Queryable, postId: string, view: FeedView, viewers: (string | null)[]): Promise<Set<string | null>> {
  const values: unknown[] = [postId, viewers];
  const param = (value: unknown) => `$${values.push(value)}`;
  const where: string[] = [postInFeed(post, author, everyViewer)];
  if (view.lang !== 'all') where.push(`p.lang = ${param(view.lang)}`);
  if (view.model !== undefined) where.push(`exists (select 1 from post_models pm where pm.post_id = p.id and pm.model = ${param(view.model)})`);
  if (view.following) where.push(followedBy(everyViewer, col(post, 'author_id')));
  const rows = await q.query<{ viewer: string | null }>(
    `select v.id::text as viewer from unnest($2::bigint[]) v(id) join posts p on p.id = $1 ${joinAuthor}
     where ${where.join(' and ')}`,
    values,
  );
  return new Set(rows.map((r) => r.viewer));
}

/** What waits in the review queue: posts and edits not yet decided (as `pendingPosts` lists them), and held comments. */
export async function reviewQueueCount(q: Queryable, orgId: string): Promise<number> {
  const [row] = await q.query<{ n: number }>(
    `select count(*)::int as n from posts p
     where p.org_id = $1 and p.deleted_at is null
       and (p.review_status = 'pending' or p.edit_unreviewed or exists (select 1 from post_edits e where e.post_id = p.id and e.review_status = 'pending'))`,
    [orgId],
  );
  return (row?.n ?? 0) + (await heldCommentCount(q, orgId));
}

/** The comment's like count, for those of `viewers` who see it in its thread. */
export async function commentLikesFor(q: Queryable, id: string, viewers: (string | null)[]): Promise<Map<string | null, number>> {
  const seen = await commentSeenBy(q, id, viewers);
  if (seen.size === 0) return new Map();
  const [row] = await q.query<{ n: number }>('select like_count as n from comments where id = $1', [id]);
  return new Map([...seen].map((viewer) => [viewer, row?.n ?? 0]));
}
