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

/** The post's likes or comments changed. */
export async function announceCounts(q: Queryable, orgId: string, postId: string): Promise<void> {
  await publishLive(q, { orgId, channel: `post:${postId}`, type: 'counts', subject: { postId } });
}
