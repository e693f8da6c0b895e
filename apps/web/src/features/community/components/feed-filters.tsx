import { useTranslation } from 'react-i18next';
import type { FeedSort } from '@padhub/contracts';
import { useOrganisation } from '@/platform/organisation.ts';
import type { FeedFilter } from '@/features/community/api/get-feed.ts';
import './feed-filters.css';

/** Newest, popular, or the people I follow; one controller model or all; only posts with configurations. */
export function FeedFilters({ filter, onChange }: { filter: FeedFilter; onChange: (filter: FeedFilter) => void }) {
  const { t } = useTranslation();
  const models = useOrganisation().data?.models ?? [];
  const sorts: [FeedSort, string][] = [
    ['new', t('community.feed.sortNew')],
    ['popular', t('community.feed.sortPopular')],
  ];
  return (
    <div className="feed-filters">
      <div className="feed-sorts" role="group" aria-label={t('community.feed.sortLabel')}>
        {sorts.map(([sort, label]) => (
          <button key={sort} type="button" className="tap feed-sort" aria-pressed={!filter.feed && filter.sort === sort} onClick={() => onChange({ ...filter, sort, feed: undefined })}>
            {label}
          </button>
        ))}
        <button type="button" className="tap feed-sort" aria-pressed={filter.feed === 'following'} onClick={() => onChange({ ...filter, sort: 'new', feed: 'following' })}>
          {t('community.feed.following')}
        </button>
      </div>
      <div className="feed-chips" role="group" aria-label={t('community.feed.modelLabel')}>
        <button type="button" className="chip" aria-pressed={!filter.model} onClick={() => onChange({ ...filter, model: undefined })}>
          {t('community.feed.allModels')}
        </button>
        {models.map((model) => (
          <button key={model.id} type="button" className="chip" aria-pressed={filter.model === model.id} onClick={() => onChange({ ...filter, model: model.id })}>
            {model.name}
          </button>
        ))}
        <button type="button" className="chip" aria-pressed={Boolean(filter.hasConfigs)} onClick={() => onChange({ ...filter, hasConfigs: !filter.hasConfigs })}>
          {t('community.feed.hasConfigs')}
        </button>
      </div>
    </div>
  );
}
