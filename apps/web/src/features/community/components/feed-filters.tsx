import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { FeedSort } from '@padhub/contracts';
import { paths } from '@/paths.ts';
import { useOrganisation } from '@/platform/organisation.ts';
import type { FeedFilter } from '@/features/community/api/get-feed.ts';
import { LanguageSwitch } from './language-switch.tsx';
import './feed-filters.css';

/** Newest, popular, the people I follow, or the configuration hub; one controller model or all; only posts with configurations; every language. */
export function FeedFilters({ filter, onChange, onIntent }: { filter: FeedFilter; onChange: (filter: FeedFilter) => void; onIntent?: (filter: FeedFilter) => void }) {
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
        <Link to={paths.configsHub} className="tap feed-sort">
          {t('community.feed.configsTab')}
        </Link>
      </div>
      {/* Above the strip of models, not at its end: one tap, without scrolling sideways. */}
      <div className="feed-toggles">
        <button type="button" className="chip" aria-pressed={Boolean(filter.hasConfigs)} onClick={() => onChange({ ...filter, hasConfigs: !filter.hasConfigs })}>
          {t('community.feed.hasConfigs')}
        </button>
        <LanguageSwitch
          on={filter.lang === 'all'}
          onChange={(on) => onChange({ ...filter, lang: on ? 'all' : undefined })}
          // The finger down: the other languages' posts load while it lifts.
          onIntent={() => onIntent?.({ ...filter, lang: filter.lang === 'all' ? undefined : 'all' })}
        />
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
      </div>
    </div>
  );
}
