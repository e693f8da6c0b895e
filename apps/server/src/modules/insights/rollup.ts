import type { Db } from '#server/db/client.ts';
import { addDays, dayOf } from './days.ts';
import { COHORT_DAYS, COHORTS, SNAPSHOTS, type SeriesStatement, seriesStatements, USAGE } from './series-sql.ts';

/** A first run fills this many days: the longest range and the period before it. */
const BACKFILL_DAYS = 180;
/** Days redone before the last run's: replies and resolutions that came late, posts whose 24 hours ran out. */
const REDO_DAYS = 2;
/** Days per transaction, so a back-fill of a large organisation holds no lock for long. */
const CHUNK_DAYS = 31;

/**
 * Keeps `insight_days` (docs/insights.md, "The rollup"): each pass replaces an organisation's
 * figures of a few recent days with fresh counts, so running it twice changes nothing, and an
 * organisation that has never been rolled up is back-filled.
 */
export class InsightsRollup {
  constructor(
    private readonly db: Db,
    /** This process's recorder, written out before a pass so the pass counts its last moments. */
    private readonly recorder?: { flush(): Promise<void> },
  ) {}

  /** Recounts the days from `from` to `to` (UTC dates, inclusive) of the given series (all by default). */
  async refresh(orgId: string, from: string, to: string, statements: readonly SeriesStatement[] = seriesStatements): Promise<void> {
    for (let start = from; start <= to; start = addDays(start, CHUNK_DAYS)) {
      const end = [addDays(start, CHUNK_DAYS - 1), to].sort()[0]!;
      await this.db.tx(async (q) => {
        for (const { series, sql } of statements) {
          // What only its own day could see is never redone for a past day, nor usage whose rows are purged.
          const today = dayOf(new Date());
          const kept = series.some((s) => SNAPSHOTS.includes(s)) ? today : series.some((s) => USAGE.includes(s)) ? addDays(today, -REDO_DAYS) : start;
          const firstDay = [kept, start].sort()[1]!;
          if (firstDay > end) continue;
          await q.query('delete from insight_days where org_id = $1 and series = any($2::text[]) and day between $3::date and $4::date', [orgId, series, firstDay, end]);
          await q.query(`insert into insight_days (org_id, series, dim, day, value) select $1, series, dim, day, value from (${sql}) x`, [orgId, firstDay, end]);
        }
      });
    }
  }

  /** One pass over every organisation: the days since its last pass (or the back-fill), and the cohorts that can still move. */
  async keep(now = new Date()): Promise<void> {
    const today = dayOf(now);
    await this.recorder?.flush();
    const orgs = await this.db.query<{ id: string; done_through: string | null }>(
      `select o.id, to_char(r.done_through, 'YYYY-MM-DD') as done_through
       from organisations o left join insight_rollups r on r.org_id = o.id order by o.id`,
    );
    for (const org of orgs) {
      const from = org.done_through ? addDays(org.done_through, -REDO_DAYS) : addDays(today, 1 - BACKFILL_DAYS);
      await this.refresh(org.id, from, today);
      const cohortsFrom = addDays(today, -COHORT_DAYS);
      if (cohortsFrom < from) await this.refresh(org.id, cohortsFrom, addDays(from, -1), seriesStatements.filter((s) => s.series.some((n) => COHORTS.includes(n))));
      await this.db.query(
        `insert into insight_rollups (org_id, done_through) values ($1, $2::date)
         on conflict (org_id) do update set done_through = excluded.done_through, finished_at = now()`,
        [org.id, today],
      );
      // The next pass redoes from two days before today: older usage rows are counted for good.
      await this.db.query('delete from insight_usage where org_id = $1 and day < $2::date', [org.id, addDays(today, -REDO_DAYS)]);
    }
  }
}
