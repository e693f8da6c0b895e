import type { Queryable } from '#server/db/client.ts';

/** The purge (docs/privacy.md, "Deletion"): the rows of the person's videos (their files go with the account's prefix). */
export async function forgetVideos(q: Queryable, userId: string): Promise<number> {
  return (await q.query('delete from videos where user_id = $1 returning 1', [userId])).length;
}
