import type { Queryable } from '#server/db/client.ts';
import { publishLive } from '#server/lib/live-events.ts';

/** A comment on the post was written, edited or deleted: its thread and its counts changed for those who watch it. */
export async function announceComment(
  q: Queryable,
  orgId: string,
  comment: { id: string; postId: string; rootId: string | null },
  action: 'created' | 'edited' | 'deleted',
): Promise<void> {
  const channel = `post:${comment.postId}`;
  await publishLive(q, { orgId, channel, type: 'comment', subject: { id: comment.id, postId: comment.postId, rootId: comment.rootId, action } });
  if (action !== 'edited') await announceCounts(q, orgId, comment.postId);
}

/** The post's likes or comments changed, or (with `commentId`) the likes of one of its comments. */
export async function announceCounts(q: Queryable, orgId: string, postId: string, commentId?: string): Promise<void> {
  await publishLive(q, { orgId, channel: `post:${postId}`, type: 'counts', subject: { postId, commentId: commentId ?? null } });
}

/**
 * The post is listed now (new and passed, or passed by review): those whose feed on screen a read
 * would show it in learn there is one more. Each stream's filters are applied when it is delivered.
 */
export async function announceListed(q: Queryable, orgId: string, postId: string): Promise<void> {
  await publishLive(q, { orgId, channel: 'feed', type: 'posts', subject: { postId } });
}

/** What waits for staff (the review queue, the reports) may have changed. */
export async function announceQueue(q: Queryable, orgId: string): Promise<void> {
  await publishLive(q, { orgId, channel: 'staff', type: 'queue' });
}
