import type { Db, Queryable } from '#server/db/client.ts';

const reactions = {
  'post-like': { table: 'post_likes', key: 'post_id', target: 'posts', counter: 'like_count' },
  'post-favourite': { table: 'post_favourites', key: 'post_id', target: 'posts', counter: 'favourite_count' },
  'comment-like': { table: 'comment_likes', key: 'comment_id', target: 'comments', counter: 'like_count' },
} as const;

export type ReactionKind = keyof typeof reactions;

export class ReactionsRepo {
  constructor(private readonly db: Db) {}

  /**
   * Sets one user's like (or favourite) on or off and answers the target's count. Idempotent.
   * The counter moves only when a row was really inserted or deleted, in the same transaction,
   * so the count always equals the number of rows, whatever runs in parallel: two concurrent
   * inserts of one (target, user) meet at the primary key and the second does nothing.
   */
  set(kind: ReactionKind, targetId: string, userId: string, on: boolean, changed?: (q: Queryable) => Promise<void>): Promise<number> {
    const r = reactions[kind];
    return this.db.tx(async (q) => {
      const rows = on
        ? await q.query(`insert into ${r.table} (${r.key}, user_id) values ($1, $2) on conflict do nothing returning 1`, [targetId, userId])
        : await q.query(`delete from ${r.table} where ${r.key} = $1 and user_id = $2 returning 1`, [targetId, userId]);
      const [row] =
        rows.length > 0
          ? await q.query<{ count: number }>(
              `update ${r.target} set ${r.counter} = ${r.counter} ${on ? '+' : '-'} 1 where id = $1 returning ${r.counter} as count`,
              [targetId],
            )
          : await q.query<{ count: number }>(`select ${r.counter} as count from ${r.target} where id = $1`, [targetId]);
      // What follows a real change (a notification) commits with it, and never runs for a repeat.
      if (rows.length > 0 && changed) await changed(q);
      return row?.count ?? 0;
    });
  }
}
