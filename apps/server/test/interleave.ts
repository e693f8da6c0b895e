import type { Db, Queryable } from '#server/db/client.ts';

/**
 * Interleaves two requests inside the database: when the next transaction is about to send a
 * statement matching `before`, starts `other`, and sends that statement only once `other` waits on
 * a lock (one this transaction holds) or has ended. Answers what `other` answers. PostgreSQL only:
 * PGlite runs one transaction at a time, so `other` would wait for this one, and this one for `other`.
 */
export function interleave<T>(db: Db, before: RegExp, other: () => Promise<T>): Promise<T> {
  const tx = db.tx;
  return new Promise<T>((resolve, reject) => {
    db.tx = <R>(work: (q: Queryable) => Promise<R>): Promise<R> => {
      db.tx = tx;
      let started = false;
      return tx((q) =>
        work({
          async query<U>(sql: string, params?: unknown[]): Promise<U[]> {
            if (!started && before.test(sql)) {
              started = true;
              let ended = false;
              other().then(resolve, reject).finally(() => (ended = true));
              await waitingOnLock(db, () => ended);
            }
            return q.query<U>(sql, params);
          },
        }),
      );
    };
  });
}

async function waitingOnLock(db: Db, ended: () => boolean): Promise<void> {
  for (let tries = 0; tries < 500; tries++) {
    if (ended()) return;
    const [row] = await db.query<{ waiting: boolean }>(
      `select exists (select 1 from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock') as waiting`,
    );
    if (row?.waiting) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('the other request neither waited on a lock nor ended');
}
