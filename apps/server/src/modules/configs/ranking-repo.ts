import type { Db } from '#server/db/client.ts';

/**
 * The hub's rankings (migration 011). The hub pages by keyset on (rank, id), so every sort is
 * served by an index from the cursor on and a deep page costs a first one. A sort key that moved
 * between two pages would break that: an item applied meanwhile would jump above the cursor
 * (never shown), one falling out of the 30 days would drop below it (shown twice). So the hub
 * sorts by copies of the counts (`rank_30d`, `rank_applied`, `rank_liked`) that change only here,
 * together, at most once an hour; the counts people see are the live ones. Between refreshes a
 * scroll has no repeat and no gap whatever people do; across one, clients drop ids already shown.
 * A side benefit: an apply or a like writes only unindexed columns.
 *
 * The same refresh moves the 30-day window: days older than 30 leave `config_apply_days`, and
 * `applied_30d` falls by the applies they held, so it always equals the rows that remain.
 */
export class RankingRepo {
  constructor(private readonly db: Db) {}

  /**
   * Refreshes when the last refresh was before the current hour (or always, `force`); answers
   * whether it ran. One caller wins the claim on the single row; the others find it done.
   */
  refresh(force = false): Promise<boolean> {
    return this.db.tx(async (q) => {
      const claimed = await q.query(
        `update config_rankings set ranked_at = now() where $1::boolean or ranked_at < date_trunc('hour', now()) returning 1`,
        [force],
      );
      if (claimed.length === 0) return false;
      await q.query(
        `with gone as (delete from config_apply_days where day <= (now() at time zone 'utc')::date - 30 returning config_id),
              per_config as (select config_id, count(*)::int as n from gone group by config_id)
         update configs c set applied_30d = c.applied_30d - per_config.n from per_config where c.id = per_config.config_id`,
      );
      await q.query(
        `update configs set rank_30d = applied_30d, rank_applied = apply_count, rank_liked = like_count
         where (rank_30d, rank_applied, rank_liked) is distinct from (applied_30d, apply_count, like_count)`,
      );
      return true;
    });
  }
}
