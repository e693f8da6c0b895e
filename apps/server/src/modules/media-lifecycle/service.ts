import type { Media } from '@padhub/contracts';
import type { Db, Queryable } from '#server/db/client.ts';
import { fail } from '#server/lib/errors.ts';
import { mapBounded } from '#server/storage/bounded.ts';
import { keyOwner, mediaObjectKeys, renditionSource, withRenditions } from '#server/storage/object-keys.ts';
import { type ObjectStore, userPrefix } from '#server/storage/object-store.ts';
import type { DeletionRow, DeletionsRepo } from './deletions-repo.ts';
import type { LiveKeys } from './live-keys.ts';
import { findOrphans } from './orphans.ts';

/** What a removal's transaction queues for deletion from the store, beside the rows it changes. */
export interface RemovalQueue {
  /** Every object behind these media items: originals, video posters and their renditions. */
  media(items: readonly Media[]): Promise<void>;
  /** Every object under the account's prefix, and their renditions (deregistration). */
  account(orgId: string, userId: string): Promise<void>;
  /** These objects exactly (an avatar replaced: its picture and the squares cropped of it). */
  objects(keys: readonly string[]): Promise<void>;
}

export interface DrainResult {
  deleted: number;
  /** Queued, but something live still names them: not deleted, and no longer queued. */
  kept: number;
  /** The store failed: tried again after a wait that doubles each time. */
  failed: number;
}

interface Logger {
  warn(details: object, message: string): void;
}

export interface LifecycleOptions {
  /** Uploads nothing names are deleted once they are this old (STORAGE_ORPHAN_HOURS). */
  orphanGraceMs: number;
  liveKeys: LiveKeys;
  log?: Logger;
}

/** Rows taken from the queue at a time, and store deletions in flight at once. */
const BATCH = 200;
const DELETES_AT_ONCE = 8;

/**
 * The end of stored objects' lives (docs/storage.md, "When objects are deleted"): removed
 * content's files stop being public.
 *
 * A removal (a post deleted by its author or a moderator, goods or variants deleted or their
 * pictures replaced, an account deregistered) queues its objects in its own transaction
 * (`removing`), so nothing is lost to a crash or a store outage after the commit. Right after the
 * commit a prompt pass deletes them in the background; the hourly sweep retries what failed, with
 * a wait that doubles each time, and deletes uploads nothing ever named (orphans).
 *
 * An object is deleted only when nothing live names it: another post of the same author may name
 * the same file, a goods picture may, an avatar may. That is decided under the owner's advisory
 * lock, which a post or goods about to name an object also takes (`refuseRemoved`): either the
 * deletion sees the new name and keeps the object, or the new post sees the queued deletion and is
 * refused (media_removed). A deleted object's row stays a day, so the refusal outlives the deletion.
 *
 * A post "not passed" in review keeps its files: its author still sees it with the reason, and a
 * moderator may pass it after all. Only deleting it deletes them.
 */
export class MediaLifecycle {
  private readonly running = new Set<Promise<unknown>>();

  constructor(
    private readonly db: Db,
    private readonly repos: { deletions: DeletionsRepo },
    private readonly store: ObjectStore,
    private readonly options: LifecycleOptions,
  ) {}

  /**
   * Runs a removal in one transaction with the queueing of what it removes, then (after the
   * commit, in the background) deletes the queued objects. Answers what `work` answers.
   */
  async removing<T>(work: (q: Queryable, queue: RemovalQueue) => Promise<T>): Promise<T> {
    const queued: string[] = [];
    const result = await this.db.tx(async (q) => {
      const repo = this.repos.deletions.on(q);
      return work(q, {
        async media(items) {
          const keys = mediaObjectKeys(items);
          await repo.enqueue(keys);
          queued.push(...keys);
        },
        async objects(keys) {
          await repo.enqueue([...keys]);
          queued.push(...keys);
        },
        async account(orgId, userId) {
          const prefix = userPrefix(orgId, userId);
          await repo.enqueue([prefix], 'prefix');
          queued.push(prefix);
        },
      });
    });
    if (queued.length > 0) this.background(this.drain(queued));
    return result;
  }

  /**
   * Deletes the queued objects that are due (of `keys` only, when given) and that nothing live
   * names. Rows whose deletion failed leave the due set until their retry; a batch that only
   * failed (the store is down) ends the pass, the rest waits for the next sweep.
   */
  async drain(keys?: readonly string[]): Promise<DrainResult> {
    const result: DrainResult = { deleted: 0, kept: 0, failed: 0 };
    for (;;) {
      const rows = await this.repos.deletions.due(BATCH, keys);
      if (rows.length === 0) return result;
      const failedBefore = result.failed;
      for (const [prefix, group] of byOwner(rows)) await this.drainOwner(prefix, group, result);
      if (result.failed - failedBefore === rows.length) return result;
    }
  }

  /** The hourly housekeeping: due deletions and retries, and forgotten rows (orphans are queued by `queueOrphans`, less often). */
  async sweep(): Promise<DrainResult> {
    const result = await this.drain();
    await this.repos.deletions.purge();
    return result;
  }

  /** Queues the uploads (and renditions) older than the grace period that nothing names; answers how many. */
  async queueOrphans(now = Date.now()): Promise<number> {
    let queued = 0;
    for await (const orphans of findOrphans(this.db, this.store, now - this.options.orphanGraceMs, this.options.liveKeys)) {
      await this.repos.deletions.enqueue(orphans);
      queued += orphans.length;
    }
    return queued;
  }

  /**
   * Refuses (media_removed, naming the first such path) when any of `keys` is queued for deletion
   * or was deleted within the day. Call it inside the transaction that makes a post or goods name
   * the objects: it takes their owners' locks (in one order, so two callers cannot deadlock), which
   * the transaction holds until it ends, so no deletion decides meanwhile.
   */
  async refuseRemoved(q: Queryable, keys: readonly string[]): Promise<void> {
    if (keys.length === 0) return;
    const repo = this.repos.deletions.on(q);
    const owners = [...new Set(keys.flatMap((key) => keyOwner(key)?.prefix ?? []))].sort();
    for (const prefix of owners) await repo.lockOwner(prefix);
    await throwIfRemoved(repo, keys);
  }

  /** The same question without the locks, on the database: a quick refusal before costly work (rendering), asked again under them. */
  async refuseRemovedEarly(keys: readonly string[]): Promise<void> {
    if (keys.length > 0) await throwIfRemoved(this.repos.deletions, keys);
  }

  /** Resolves when the background passes started so far have ended (tests; nothing waits on them otherwise). */
  async settled(): Promise<void> {
    while (this.running.size > 0) await Promise.allSettled([...this.running]);
  }

  private background(work: Promise<unknown>) {
    const tracked = work
      .catch((err: unknown) => this.options.log?.warn({ err }, 'deleting removed objects failed; the sweep retries'))
      .finally(() => this.running.delete(tracked));
    this.running.add(tracked);
  }

  private async drainOwner(prefix: string | null, rows: DeletionRow[], result: DrainResult): Promise<void> {
    const owner = prefix === null ? null : keyOwner(prefix);
    if (!owner) {
      // Nobody's upload nor the shop's: never deleted on a guess.
      await this.repos.deletions.forget(rows.map((r) => r.key));
      result.kept += rows.length;
      return;
    }
    const objects = rows.filter((r) => r.kind === 'object');
    const prefixes = rows.filter((r) => r.kind === 'prefix');
    // Decided under the owner's lock; once it is released, a post naming these objects is refused.
    const live = await this.db.tx(async (q) => {
      const repo = this.repos.deletions.on(q);
      await repo.lockOwner(owner.prefix);
      // Before asking what is live: a removal queueing these again commits first, and is seen.
      await repo.lockQueued(rows.map((r) => r.key));
      const among = prefixes.length === 0 ? objects.flatMap((r) => withRenditions(renditionSource(r.key) ?? r.key)) : undefined;
      const names = await this.options.liveKeys(q, owner, among);
      const kept = objects.filter((r) => names.has(r.key)).map((r) => r.key);
      await repo.forget(kept);
      result.kept += kept.length;
      return names;
    });
    const repo = this.repos.deletions;
    const doomed = objects.filter((r) => !live.has(r.key));
    const deleted = await mapBounded(doomed, DELETES_AT_ONCE, async ({ key }) => this.attempt(repo, key, () => this.store.delete(key)));
    for (const row of prefixes) deleted.push(await this.attempt(repo, row.key, () => this.deleteUnder(row.key, live)));
    const done = deleted.filter((key): key is string => key !== null);
    await repo.done(done);
    result.deleted += done.length;
    result.failed += deleted.length - done.length;
  }

  /** Answers the key when `run` succeeded; otherwise records the failure (for the retry) and answers null. */
  private async attempt(repo: DeletionsRepo, key: string, run: () => Promise<void>): Promise<string | null> {
    try {
      await run();
      return key;
    } catch (error) {
      await repo.failed(key, error instanceof Error ? error.message : String(error));
      return null;
    }
  }

  /** Everything under an account's prefix and its renditions, but what something live names (an admin's goods pictures). */
  private async deleteUnder(prefix: string, live: Set<string>): Promise<void> {
    for (const under of [prefix, `t/${prefix}`]) {
      const keys: string[] = [];
      for await (const object of this.store.list(under)) if (!live.has(object.key)) keys.push(object.key);
      await mapBounded(keys, DELETES_AT_ONCE, (key) => this.store.delete(key));
    }
  }
}

async function throwIfRemoved(repo: DeletionsRepo, keys: readonly string[]) {
  const removed = new Set(await repo.removedAmong(keys));
  const first = keys.find((key) => removed.has(key));
  if (first !== undefined) throw fail('media_removed', { data: { path: first } });
}

function byOwner(rows: DeletionRow[]): Map<string | null, DeletionRow[]> {
  const groups = new Map<string | null, DeletionRow[]>();
  for (const row of rows) {
    const prefix = keyOwner(row.key)?.prefix ?? null;
    const group = groups.get(prefix) ?? [];
    group.push(row);
    groups.set(prefix, group);
  }
  return groups;
}
