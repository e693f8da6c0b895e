import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { type InsightsGroup, type InsightsSeries, type InsightsSeriesName, insightsGroupSchema, insightsRanges } from '@padhub/contracts';
import { LoadError, Loading } from '@/ui/load-state.tsx';
import { useInsights } from '@/features/moderation/api/get-insights.ts';
import { ConsoleFrame } from '@/features/moderation/components/console-frame.tsx';
import { InsightsRankingCard } from '@/features/moderation/components/insights-ranking-card.tsx';
import { InsightsSeriesCard } from '@/features/moderation/components/insights-series-card.tsx';
import { daysOf } from '@/features/moderation/lib/insights-table.ts';
import '@/features/moderation/components/insights.css';

/** /console/insights: how the community is doing, in charts over 7, 30 or 90 days (docs/insights.md). */
export function InsightsConsolePage() {
  return (
    <ConsoleFrame>
      <Insights />
    </ConsoleFrame>
  );
}

function Insights() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  // The range is in the address, so a reload or a shared link shows the same days.
  const asked = Number(params.get('range'));
  const range = insightsRanges.find((r) => r === asked) ?? 30;
  return (
    <>
      <div className="insights-ranges" role="group" aria-label={t('moderation.insights.range')}>
        {insightsRanges.map((r) => (
          <button key={r} type="button" className="tap insights-range" aria-pressed={r === range} onClick={() => setParams({ range: String(r) }, { replace: true })}>
            {t('moderation.insights.days', { count: r })}
          </button>
        ))}
      </div>
      <p className="console-meta insights-note">{t('moderation.insights.note', { count: range })}</p>
      {insightsGroupSchema.options.map((group) => (
        <Group key={group} group={group} range={range} />
      ))}
    </>
  );
}

function Group({ group, range }: { group: InsightsGroup; range: number }) {
  const { t } = useTranslation();
  const insights = useInsights(group, range);
  return (
    <section className="insights-group" aria-labelledby={`insights-group-${group}`}>
      <h2 id={`insights-group-${group}`} className="insights-group-title">
        {t(`moderation.insights.groups.${group}`)}
      </h2>
      {insights.isPending ? (
        <Loading />
      ) : insights.isError ? (
        <LoadError onRetry={() => void insights.refetch()} />
      ) : (
        <>
          {bySeries(insights.data.series).map(([name, lines]) => (
            <InsightsSeriesCard key={name} name={name} lines={lines} days={daysOf(insights.data)} />
          ))}
          {insights.data.rankings.map((ranking) => (
            <InsightsRankingCard key={ranking.name} ranking={ranking} days={daysOf(insights.data)} />
          ))}
        </>
      )}
    </section>
  );
}

/** The answer's lines, gathered by series in the server's order. */
function bySeries(series: InsightsSeries[]): [InsightsSeriesName, InsightsSeries[]][] {
  const named = new Map<InsightsSeriesName, InsightsSeries[]>();
  for (const line of series) named.set(line.name, [...(named.get(line.name) ?? []), line]);
  return [...named];
}
