import type { Insights, InsightsGroup, InsightsRanking, InsightsRankingName, InsightsSeries, InsightsUnit, Lang } from '@padhub/contracts';
import type { Db } from '#server/db/client.ts';
import type { Staff } from '#server/http/staff.ts';
import { addDays, dayOf, daysBetween } from './days.ts';
import { configNames, gameNames } from '#server/modules/configs/public.ts';
import { goodsNames } from '#server/modules/shop/public.ts';
import { groups, rankings } from './groups.ts';

/** The longest list a ranking answers. */
const RANKED = 20;

interface Row {
  series: string;
  dim: string;
  day: string;
  value: number;
}

/** The console's insights, read from the rollup (never from the raw rows: docs/insights.md). */
export class InsightsService {
  constructor(private readonly db: Db) {}

  async group(staff: Staff, group: InsightsGroup, range: number, lang: Lang, now = new Date()): Promise<Insights> {
    const to = dayOf(now);
    const from = addDays(to, 1 - range);
    const previousFrom = addDays(from, -range);
    const infos = groups[group];
    const rows = await this.db.query<Row>(
      `select series, dim, to_char(day, 'YYYY-MM-DD') as day, value from insight_days
       where org_id = $1 and series = any($2::text[]) and day between $3::date and $4::date`,
      [staff.orgId, infos.map((s) => s.name), previousFrom, to],
    );
    const [run] = await this.db.query<{ finished_at: Date }>('select finished_at from insight_rollups where org_id = $1', [staff.orgId]);
    const series: InsightsSeries[] = [];
    for (const info of infos) {
      const mine = rows.filter((r) => r.series === info.name);
      const dims = info.dims ?? [...new Set(mine.map((r) => r.dim))].sort();
      for (const dim of dims.length ? dims : ['']) {
        const byDay = new Map(mine.filter((r) => r.dim === dim).map((r) => [r.day, Number(r.value)]));
        const values = (start: string) => Array.from({ length: range }, (_, i) => byDay.get(addDays(start, i)) ?? (info.unit === 'hours' ? null : 0));
        const current = values(from);
        series.push({ name: info.name, dim, unit: info.unit, values: current, current: summary(current, info.unit), previous: summary(values(previousFrom), info.unit) });
      }
    }
    const ranked = await Promise.all(rankings[group].map((name) => this.ranking(staff.orgId, name, from, to, lang)));
    return { group, range: daysBetween(from, to), from, to, updatedAt: run ? new Date(run.finished_at).toISOString() : null, series, rankings: ranked };
  }

  /** The range's most applied configurations and games (applies), most searched words and most seen goods (each day's different people, added up). */
  private async ranking(orgId: string, name: InsightsRankingName, from: string, to: string, lang: Lang): Promise<InsightsRanking> {
    const rows = await this.db.query<{ key: string; value: number }>(
      `select dim as key, sum(value)::float8 as value from insight_days
       where org_id = $1 and series = $2 and day between $3::date and $4::date
       group by dim order by 2 desc, 1 limit ${RANKED}`,
      [orgId, name, from, to],
    );
    // Each module names its own (goods in the reader's language where they have it); words are their own names.
    const keys = rows.map((r) => r.key);
    const names =
      name === 'configs.top' ? await configNames(this.db, orgId, keys)
      : name === 'configs.top_games' ? await gameNames(this.db, orgId, keys, lang)
      : name.startsWith('shop.') ? await goodsNames(this.db, orgId, keys, [lang])
      : new Map<string, string>();
    return { name, items: rows.map((r) => ({ key: r.key, label: names.get(r.key) ?? r.key, value: Number(r.value) })) };
  }
}

/** A count adds up its days; people and hours average the days that have a figure. */
function summary(values: (number | null)[], unit: InsightsUnit): number | null {
  const known = values.filter((v): v is number => v !== null);
  if (unit === 'count') return known.reduce((a, b) => a + b, 0);
  return known.length ? known.reduce((a, b) => a + b, 0) / known.length : null;
}
