import type { Queryable } from '#server/db/client.ts';

/** The purge (docs/privacy.md, "Deletion"): the keys that recorded the person's new posts. */
export async function forgetPostRequests(q: Queryable, userId: string): Promise<number> {
  return (await q.query('delete from post_requests where user_id = $1 returning 1', [userId])).length;
}
