import { useTranslation } from 'react-i18next';
import { type InsightsRanking, htmlLangTags } from '@padhub/contracts';
import { useSession } from '@/platform/session.ts';
import { numberFormat } from '@/ui/intl.ts';
import { csvOf } from '@/features/moderation/lib/insights-table.ts';
import { downloadCsv } from './insights-download.ts';
import { InsightsTable } from './insights-table.tsx';

/** One list of a range, most first (the searched words, the goods), as a table with its CSV. */
export function InsightsRankingCard({ ranking, days }: { ranking: InsightsRanking; days: string[] }) {
  const { t } = useTranslation();
  const format = numberFormat(htmlLangTags[useSession((s) => s.lang)], { maximumFractionDigits: 0 });
  const group = ranking.name.split('.')[0] as 'configs' | 'search' | 'shop';
  const title = t(`moderation.insights.rankings.${ranking.name}`);
  const what = ranking.name === 'configs.top' ? 'config' : ranking.name === 'configs.top_games' ? 'game' : group === 'search' ? 'word' : 'goods';
  const header = [t('moderation.insights.rank'), t(`moderation.insights.${what}`), t(group === 'configs' ? 'moderation.insights.applies' : 'moderation.insights.peopleDays')];
  const rows = ranking.items.map((item, i) => [i + 1, item.label, item.value]);
  const id = `insights-${ranking.name}`;
  return (
    <article className="console-card insights-card" aria-labelledby={id}>
      <h3 id={id} className="console-card-title">
        {title}
      </h3>
      {group !== 'configs' && <p className="console-meta">{t(`moderation.insights.${group}Note`)}</p>}
      {rows.length === 0 ? (
        <p className="console-meta">{t('moderation.insights.noneYet')}</p>
      ) : (
        <InsightsTable title={title} header={header}>
          {ranking.items.map((item, i) => (
            <tr key={item.key}>
              <td>{format.format(i + 1)}</td>
              <th scope="row">{item.label}</th>
              <td>{format.format(item.value)}</td>
            </tr>
          ))}
        </InsightsTable>
      )}
      <button type="button" className="tap console-action" onClick={() => downloadCsv(csvOf(header, rows), `${ranking.name}-${days[0]}-${days.at(-1)}.csv`)}>
        {t('moderation.insights.download', { name: title })}
      </button>
    </article>
  );
}
