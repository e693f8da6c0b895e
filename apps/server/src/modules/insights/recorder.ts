import type { Db, Queryable } from '#server/db/client.ts';
import type { Usage, UsageEvent } from '#server/lib/usage.ts';
import { dayOf } from './days.ts';

/** Written at the latest this often, or at once when this many are kept. */
const FLUSH_MS = 2000;
const FLUSH_AT = 500;

/**
 * Keeps what people did (lib/usage.ts) in memory and writes it in one statement per table and
 * batch, so a search or a goods page never waits for its recording (docs/insights.md, "Usage").
 * Repeats within a batch are one row. What a process had not written when it stops is written by
 * its close; what a crash loses is at most two seconds of counts.
 */
export class InsightsRecorder implements Usage {
  private usage = new Map<string, UsageEvent & { day: string }>();
  private tallies = new Map<string, { orgId: string; dim: string; day: string; value: number }>();
  private timer: NodeJS.Timeout | undefined;
  private writing: Promise<void> = Promise.resolve();

  constructor(private readonly db: Db) {}

  record(event: UsageEvent): void {
    const day = dayOf(new Date());
    const id = JSON.stringify([event.orgId, event.kind, day, event.key, event.userId]);
    const kept = this.usage.get(id);
    // Found once that day is found: a search that found nothing once and then something is no unmet need.
    this.usage.set(id, { ...event, day, found: (kept?.found ?? false) || (event.found ?? true) });
    this.soon();
  }

  watchedHits(orgId: string, actions: readonly string[]): void {
    const day = dayOf(new Date());
    for (const dim of actions) {
      const id = JSON.stringify([orgId, dim, day]);
      const kept = this.tallies.get(id) ?? { orgId, dim, day, value: 0 };
      kept.value++;
      this.tallies.set(id, kept);
    }
    if (actions.length) this.soon();
  }

  /** Writes what is kept (the rollup calls it first, so its counts include this process's last moments). */
  flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const usage = [...this.usage.values()];
    const tallies = [...this.tallies.values()];
    this.usage = new Map();
    this.tallies = new Map();
    // One write after another: two batches of one person's day never race for the same row. A
    // batch that failed is lost (counts, not records), and the next one is written anyway.
    const written = this.writing.catch(() => undefined).then(() => this.write(usage, tallies));
    this.writing = written;
    return written;
  }

  private soon(): void {
    if (this.usage.size + this.tallies.size >= FLUSH_AT) void this.flush().catch(() => undefined);
    else this.timer ??= setTimeout(() => void this.flush().catch(() => undefined), FLUSH_MS).unref();
  }

  private async write(usage: (UsageEvent & { day: string })[], tallies: { orgId: string; dim: string; day: string; value: number }[]): Promise<void> {
    if (usage.length) {
      await this.db.query(
        `insert into insight_usage (org_id, kind, day, key, user_id, found)
         select t.* from unnest($1::text[], $2::text[], $3::date[], $4::text[], $5::bigint[], $6::boolean[]) t (org_id, kind, day, key, user_id, found)
         -- An account purged meanwhile is no one to count (and no batch fails for it).
         where exists (select 1 from users u where u.id = t.user_id)
         on conflict (org_id, kind, day, key, user_id) do update set found = insight_usage.found or excluded.found`,
        [usage.map((e) => e.orgId), usage.map((e) => e.kind), usage.map((e) => e.day), usage.map((e) => e.key), usage.map((e) => e.userId), usage.map((e) => e.found ?? true)],
      );
    }
    if (tallies.length) {
      await this.db.query(
        `insert into insight_tallies (org_id, series, dim, day, value)
         select o, 'safety.watched_hits', d, y, v from unnest($1::text[], $2::text[], $3::date[], $4::bigint[]) t (o, d, y, v)
         on conflict (org_id, series, day, dim) do update set value = insight_tallies.value + excluded.value`,
        [tallies.map((t) => t.orgId), tallies.map((t) => t.dim), tallies.map((t) => t.day), tallies.map((t) => t.value)],
      );
    }
  }
}

/** The purge of a deregistered account (docs/privacy.md, "Deletion"): its recent searches and views go; the kept figures are counts. */
export async function forgetUsage(q: Queryable, userId: string): Promise<number> {
  return (await q.query('delete from insight_usage where user_id = $1 returning 1', [userId])).length;
}
