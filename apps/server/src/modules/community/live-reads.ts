import type { Queryable } from '#server/db/client.ts';
import { joinUser } from '#server/modules/accounts/public.ts';
import { authorHidden, hiddenCommentCounts, postVisible } from './visibility.ts';

/**
 * What the live stream may tell each of several viewers about a post or a comment: the same rules
 * as a read (`visibility.ts`), asked once for every viewer of a process rather than once each.
 */

/**
 * Of `viewers`, those who would see the comment `id` in its thread (its post visible to them, its
 * author not hidden from them). A deleted comment counts as the comment it was, so that those who
 * saw it learn it went, and nobody else learns it existed.
 */
export async function commentSeenBy(q: Queryable, id: string, viewers: (string | null)[]): Promise<Set<string | null>> {
  const rows = await q.query<{ viewer: string | null }>(
    `select v.id::text as viewer from unnest($2::bigint[]) v(id)
     where exists (select 1 from comments c ${joinUser('u', 'c.author_id')}
       join posts p on p.id = c.post_id ${joinUser('pu', 'p.author_id')}
       where c.id = $1 and not ${authorHidden('u', 'v.id')} and ${postVisible('p', 'pu', 'v.id')})`,
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
    `select v.id::text as viewer, p.like_count, p.comment_count, ${hiddenCommentCounts('p', 'v.id')}
     from unnest($2::bigint[]) v(id) join posts p on p.id = $1 ${joinUser('u', 'p.author_id')}
     where ${postVisible('p', 'u', 'v.id')}`,
    [postId, viewers],
  );
  return new Map(rows.map((r) => [r.viewer, { likeCount: r.like_count, commentCount: Math.max(0, r.comment_count - r.gone_comment_count) }]));
}
