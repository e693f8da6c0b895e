import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type InsightsSeries, type InsightsSeriesName, type InsightsUnit, type WatchedAction, htmlLangTags, watchedActionSchema } from '@padhub/contracts';
import { useSession } from '@/platform/session.ts';
import { numberFormat } from '@/ui/intl.ts';
import { csvOf, tableOf } from '@/features/moderation/lib/insights-table.ts';
import { InsightsChart, lineColour } from './insights-chart.tsx';
import { downloadCsv } from './insights-download.ts';
import { InsightsTable } from './insights-table.tsx';

interface Props {
  name: InsightsSeriesName;
  /** One line per dimension (a language, a reason), or one line. */
  lines: InsightsSeries[];
  days: string[];
}

/** One series: its title, each line's figure against the previous period, the chart, the same as a table, and its CSV. */
export function InsightsSeriesCard({ name, lines, days }: Props) {
  const { t } = useTranslation();
  const tag = htmlLangTags[useSession((s) => s.lang)];
  const unit: InsightsUnit = lines[0]?.unit ?? 'count';
  const format = useMemo(() => formatterOf(tag, unit), [tag, unit]);
  const formatDay = useMemo(() => {
    const f = new Intl.DateTimeFormat(tag, { month: 'numeric', day: 'numeric', timeZone: 'UTC' });
    return (day: Date) => f.format(day);
  }, [tag]);
  const fullDay = useMemo(() => new Intl.DateTimeFormat(tag, { dateStyle: 'medium', timeZone: 'UTC' }), [tag]);
  const title = t(`moderation.insights.series.${name}`);
  const labelOf = (dim: string) =>
    dim === '' ? t('moderation.insights.all') : isDim(dim) ? t(`moderation.insights.dims.${dim}`) : isAction(dim) ? t(`moderation.watchedWords.actions.${dim}`) : dim;
  const chartLines = useMemo(() => lines.map((line) => ({ label: line.dim, values: line.values })), [lines]);
  const rows = tableOf(days, lines);
  const header = [t('moderation.insights.date'), ...lines.map((line) => labelOf(line.dim))];

  const download = () => downloadCsv(csvOf(header, rows), `${name}-${days[0]}-${days.at(-1)}.csv`);

  return (
    <article className="console-card insights-card" aria-labelledby={`insights-${name}`}>
      <h3 id={`insights-${name}`} className="console-card-title">
        {title}
      </h3>
      <ul className="insights-legend">
        {lines.map((line, i) => (
          <li key={line.dim}>
            <span className="insights-swatch" style={{ background: lineColour(i) }} aria-hidden="true" />
            <span>{labelOf(line.dim)}</span>
            <strong>{line.current === null ? '—' : format(line.current)}</strong>
            <span className="console-meta">{t('moderation.insights.previous', { value: line.previous === null ? '—' : format(line.previous), change: change(line, tag) })}</span>
          </li>
        ))}
      </ul>
      {name === 'configs.funnel' && <FunnelRates lines={lines} tag={tag} />}
      <InsightsChart days={days} lines={chartLines} formatDay={formatDay} formatValue={format} whole={unit !== 'hours'} />
      <details className="insights-table">
        <summary>{t('moderation.insights.showTable')}</summary>
        <InsightsTable title={title} header={header}>
          {rows.map(([day, ...values]) => (
            <tr key={day}>
              <th scope="row">{fullDay.format(new Date(`${day}T00:00:00Z`))}</th>
              {values.map((value, i) => (
                <td key={i}>{value === null ? '—' : format(Number(value))}</td>
              ))}
            </tr>
          ))}
        </InsightsTable>
      </details>
      <button type="button" className="tap console-action" onClick={download}>
        {t('moderation.insights.download', { name: title })}
      </button>
    </article>
  );
}

/** The apply funnel's steps as the period's shares: applied of opened, kept of applied (— with nothing to divide). */
function FunnelRates({ lines, tag }: { lines: InsightsSeries[]; tag: string }) {
  const { t } = useTranslation();
  const step = (dim: string) => lines.find((line) => line.dim === dim)?.current ?? null;
  const percent = numberFormat(tag, { style: 'percent', maximumFractionDigits: 0 });
  const share = (part: number | null, whole: number | null) => (part === null || !whole ? '—' : percent.format(part / whole));
  return (
    <>
      <p className="console-meta">{t('moderation.insights.funnelNote')}</p>
      <p>{t('moderation.insights.funnelRates', { applied: share(step('applied'), step('opened')), kept: share(step('kept'), step('applied')) })}</p>
    </>
  );
}

const dims = ['cn', 'en', 'jp', 'ko', 'spam', 'abuse', 'cheating', 'illegal', 'other', 'opened', 'applied', 'kept'] as const;
const isDim = (dim: string): dim is (typeof dims)[number] => (dims as readonly string[]).includes(dim);
/** The watched words' hits are drawn by the matched rule's action. */
const isAction = (dim: string): dim is WatchedAction => (watchedActionSchema.options as readonly string[]).includes(dim);

/** Counts and people as whole numbers (a period's people are an average: one decimal); hours with one decimal and their unit. */
function formatterOf(tag: string, unit: InsightsUnit): (value: number) => string {
  const f =
    unit === 'hours'
      ? numberFormat(tag, { style: 'unit', unit: 'hour', unitDisplay: 'short', maximumFractionDigits: 1 })
      : numberFormat(tag, { maximumFractionDigits: unit === 'people' ? 1 : 0 });
  return (value) => f.format(value);
}

/** The change from the previous period, as a signed percentage; empty when there is nothing to compare with. */
function change(line: InsightsSeries, tag: string): string {
  if (line.current === null || line.previous === null || line.previous === 0) return '';
  return numberFormat(tag, { style: 'percent', signDisplay: 'exceptZero', maximumFractionDigits: 0 }).format((line.current - line.previous) / line.previous);
}
