import type { Db, Queryable } from '#server/db/client.ts';
import { type NewConfig, insertConfig } from './repo.ts';

/**
 * Applies and saves, counted per configuration. Each count is of people (one row per person), and
 * moves in the same transaction as the row, only when the row is new: concurrent requests meet at
 * the primary key, so the count always equals the rows whatever runs in parallel.
 */
export class ConfigCountsRepo {
  constructor(private readonly db: Db) {}

  /**
   * Counts one apply per person per configuration per day (UTC): the day's row meets the primary
   * key on a repeat, which counts nothing. `config_applies` keeps that the person ever applied it.
   */
  async apply(configId: string, userId: string, counted?: (q: Queryable) => Promise<void>): Promise<number> {
    return this.db.tx(async (q) => {
      await q.query('insert into config_applies (config_id, user_id) values ($1, $2) on conflict do nothing', [configId, userId]);
      const added = await q.query(
        `insert into config_apply_days (config_id, user_id, day) values ($1, $2, (now() at time zone 'utc')::date)
         on conflict do nothing returning 1`,
        [configId, userId],
      );
      const [row] = added.length
        ? await q.query<{ n: number }>(
            'update configs set apply_count = apply_count + 1, applied_30d = applied_30d + 1 where id = $1 returning apply_count as n',
            [configId],
          )
        : await q.query<{ n: number }>('select apply_count as n from configs where id = $1', [configId]);
      if (added.length && counted) await counted(q);
      return row?.n ?? 0;
    });
  }

  /** Sets one person's like on or off and answers the count: idempotent, and right under concurrency as post likes are (community/reactions-repo.ts). */
  async like(configId: string, userId: string, on: boolean, moved?: (q: Queryable) => Promise<void>): Promise<number> {
    return this.db.tx(async (q) => {
      const changed = on
        ? await q.query('insert into config_likes (config_id, user_id) values ($1, $2) on conflict do nothing returning 1', [configId, userId])
        : await q.query('delete from config_likes where config_id = $1 and user_id = $2 returning 1', [configId, userId]);
      const [row] = changed.length
        ? await q.query<{ n: number }>(`update configs set like_count = like_count ${on ? '+' : '-'} 1 where id = $1 returning like_count as n`, [configId])
        : await q.query<{ n: number }>('select like_count as n from configs where id = $1', [configId]);
      if (changed.length && moved) await moved(q);
      return row?.n ?? 0;
    });
  }

  /**
   * The saver's copy of a configuration: made the first time, the same one when saved again (a
   * retry or a double tap never makes two), a new one if they deleted theirs. Only the first save
   * by a person counts.
   */
  async saveCopy(
    copy: NewConfig & { basedOn: NonNullable<NewConfig['basedOn']> },
    counted?: (q: Queryable) => Promise<void>,
    // Records the request's Idempotency-Key for the copy, in this transaction (lib/idempotency.ts).
    claim?: (q: Queryable, copyId: string) => Promise<void>,
  ): Promise<string> {
    const source = copy.basedOn.id;
    return this.db.tx(async (q) => {
      const first = await q.query('insert into config_saves (config_id, user_id) values ($1, $2) on conflict do nothing returning 1', [source, copy.ownerId]);
      if (first.length === 0) {
        // A concurrent first save has committed by now (the insert above waited for it): lock its row.
        await q.query('select 1 from config_saves where config_id = $1 and user_id = $2 for update', [source, copy.ownerId]);
        // Asked once the lock is held, in a statement of its own: a save that held it made its copy
        // meanwhile, which the locking statement's snapshot cannot see (it would make a second).
        const [saved] = await q.query<{ copy_id: string }>(
          `select s.copy_id from config_saves s join configs cp on cp.id = s.copy_id and cp.deleted_at is null
           where s.config_id = $1 and s.user_id = $2`,
          [source, copy.ownerId],
        );
        if (saved) {
          await claim?.(q, saved.copy_id);
          return saved.copy_id;
        }
      }
      const copyId = await insertConfig(q, copy);
      await q.query('update config_saves set copy_id = $3 where config_id = $1 and user_id = $2', [source, copy.ownerId, copyId]);
      if (first.length > 0) await q.query('update configs set save_count = save_count + 1 where id = $1', [source]);
      if (first.length > 0 && counted) await counted(q);
      await claim?.(q, copyId);
      return copyId;
    });
  }
}
