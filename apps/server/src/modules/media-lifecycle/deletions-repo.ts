import { Repo } from '#server/db/repo.ts';

export interface DeletionRow {
  key: string;
  kind: 'object' | 'prefix';
}

/** Seeds the hash of an owner's prefix into a lock key of its own (the migrations' lock is another). */
const OWNER_LOCK_SEED = 7_214_554_002;

/** A claimed row's lease: far longer than a batch of deletions takes. */
const LEASE_MS = 10 * 60 * 1000;

/** The queue of objects to delete (migration 008); what still names an object is asked through `LiveKeys` (live-keys.ts), which app.ts composes (compose/live-keys.ts). */
export class DeletionsRepo extends Repo {
  /**
   * Queues objects; one queued before (or deleted within the day) is due again. `created_at` is
   * when the row last joined the queue (the queue's age, `figures`): a row still waiting keeps it.
   */
  async enqueue(keys: readonly string[], kind: DeletionRow['kind'] = 'object'): Promise<void> {
    if (keys.length === 0) return;
    await this.q.query(
      `insert into storage_deletions (key, kind) select unnest($1::text[]), $2
       on conflict (key) do update set due_at = now(), attempts = 0, last_error = null, done_at = null,
         created_at = case when storage_deletions.done_at is null then storage_deletions.created_at else now() end`,
      [[...new Set(keys)], kind],
    );
  }

  /**
   * Claims up to `limit` rows due now (of `keys` only, when given), oldest first: each is the
   * claimer's for a lease, so the drains of several processes never take the same row, and a row
   * claimed by a process that died is due again when the lease ends. Rows another drain has locked
   * are skipped, not waited for.
   */
  async due(limit: number, keys?: readonly string[]): Promise<DeletionRow[]> {
    return this.q.query<DeletionRow>(
      `update storage_deletions set due_at = now() + make_interval(secs => $3)
       where key in (select key from storage_deletions
                     where done_at is null and due_at <= now() and ($2::text[] is null or key = any($2::text[]))
                     order by due_at limit $1 for update skip locked)
       returning key, kind`,
      [limit, keys ? [...keys] : null, LEASE_MS / 1000],
    );
  }

  async done(keys: readonly string[]): Promise<void> {
    if (keys.length > 0) await this.q.query('update storage_deletions set done_at = now(), last_error = null where key = any($1::text[])', [[...keys]]);
  }

  /**
   * Locks queued rows until the transaction ends. A removal that queued them again meanwhile (its
   * post is gone now) commits first; without the lock, `forget` would erase its row unseen.
   */
  async lockQueued(keys: readonly string[]): Promise<void> {
    if (keys.length > 0) await this.q.query('select key from storage_deletions where key = any($1::text[]) for update', [[...keys]]);
  }

  /** Still named by something live: nothing to delete, the row goes (its next removal queues it again). */
  async forget(keys: readonly string[]): Promise<void> {
    if (keys.length > 0) await this.q.query('delete from storage_deletions where key = any($1::text[]) and done_at is null', [[...keys]]);
  }

  /** The store failed: try again later, waiting twice as long each time (1 minute up to 6 hours). */
  async failed(key: string, error: string): Promise<void> {
    await this.q.query(
      `update storage_deletions set attempts = attempts + 1, last_error = $2,
         due_at = now() + least(interval '1 minute' * power(2, least(attempts, 20)), interval '6 hours')
       where key = $1 and done_at is null`,
      [key, error.slice(0, 500)],
    );
  }

  /** Forgets deletions done more than a day ago. */
  async purge(): Promise<void> {
    await this.q.query(`delete from storage_deletions where done_at < now() - interval '1 day'`);
  }

  /** Of `keys`, those being deleted or deleted within the day (by key, or under a queued prefix). */
  async removedAmong(keys: readonly string[]): Promise<string[]> {
    if (keys.length === 0) return [];
    const rows = await this.q.query<{ key: string }>(
      `select k.key from unnest($1::text[]) as k (key)
       where exists (select 1 from storage_deletions d where d.key = k.key)
          or exists (select 1 from storage_deletions d where d.kind = 'prefix' and starts_with(k.key, d.key))`,
      [[...new Set(keys)]],
    );
    return rows.map((r) => r.key);
  }

  /**
   * Serialises, per owner prefix, the check "does anything still name these objects" of a deletion
   * with the check "is any of these objects being deleted" of a post or goods about to name them.
   * Held until the transaction ends.
   */
  async lockOwner(prefix: string): Promise<void> {
    await this.q.query('select pg_advisory_xact_lock(hashtextextended($1, $2))', [prefix, OWNER_LOCK_SEED]);
  }
}
