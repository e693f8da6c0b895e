import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { refreshFromFirstPage } from '@/platform/api/refresh-lists.ts';
import { Icon } from '@/ui/icons.tsx';
import { Page } from '@/ui/page.tsx';
import { PullList } from '@/ui/pull-list.tsx';
import { sharedQuery, useSharedConfigs } from '@/entities/configuration/api/get-shared.ts';
import { HubCard } from '@/entities/configuration/hub-card.tsx';
import type { HubFilter } from '@/entities/configuration/keys.ts';
import { HubFilters } from '@/features/configs/components/hub-filters.tsx';
import { hubFilterFrom, hubQueryOf } from '@/features/configs/lib/hub-query.ts';
import './configs.css';

/** The organisation's shared configurations, by controller, game, kind and popularity. */
export function HubPage() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [params, setParams] = useSearchParams();
  const filter = hubFilterFrom(params);
  const list = useSharedConfigs(filter);
  const refresh = () => refreshFromFirstPage(client, sharedQuery(filter).queryKey);
  // Each change is a step in the history: back returns to the previous filters.
  const change = (next: HubFilter) => setParams(hubQueryOf(next));
  return (
    <Page
      title={t('configs.pages.hub')}
      actions={
        <button type="button" className="tap" aria-label={t('common.refresh')} onClick={() => void refresh()}>
          <Icon name="refresh" size={22} />
        </button>
      }
    >
      <HubFilters filter={filter} onChange={change} />
      <div className="hub-list">
        <PullList
          query={list}
          skeleton="card"
          label={t('configs.pages.hub')}
          itemKey={(config) => config.id}
          renderItem={(config) => <HubCard config={config} />}
          empty={t('configs.hub.empty')}
          onRefresh={refresh}
        />
      </div>
    </Page>
  );
}
