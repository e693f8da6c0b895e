import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { refreshFromFirstPage } from '@/platform/api/refresh-lists.ts';
import { useConnectedModel } from '@/platform/controller.ts';
import { useOrganisation } from '@/platform/organisation.ts';
import { Icon } from '@/ui/icons.tsx';
import { Page } from '@/ui/page.tsx';
import { PullList } from '@/ui/pull-list.tsx';
import { sharedQuery, useSharedConfigs } from '@/entities/configuration/api/get-shared.ts';
import { HubCard } from '@/entities/configuration/hub-card.tsx';
import type { HubFilter } from '@/entities/configuration/keys.ts';
import { HubFilters } from '@/features/configs/components/hub-filters.tsx';
import { hubFilterFrom, hubQueryOf } from '@/features/configs/lib/hub-query.ts';
import './configs.css';
import './hub.css';

/** The organisation's shared configurations, by controller, game, kind and popularity. */
export function HubPage() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [params, setParams] = useSearchParams();
  // The address is the only truth: a model, `all` (the person chose "All models"), or none, which
  // shows the connected controller's model when the host reports one the organisation has.
  const chosen = params.has('model');
  const preselected = usePreselectedModel(!chosen);
  const filter = { ...hubFilterFrom(params), ...(chosen ? {} : { model: preselected.model }) };
  // Until the host has said which controller is connected, the list waits rather than showing every model first.
  const list = useSharedConfigs(filter, !preselected.waiting);
  // The preselection goes into the address (replacing it), so that back and a shared link keep it.
  useEffect(() => {
    if (!chosen && preselected.model) setParams({ ...Object.fromEntries(params), model: preselected.model }, { replace: true });
  }, [chosen, params, preselected.model, setParams]);
  const refresh = () => refreshFromFirstPage(client, sharedQuery(filter).queryKey);
  // Each change is a step in the history: back returns to the previous filters. A model shown (chosen
  // or preselected) and then taken away is "All models", which stays.
  const change = (next: HubFilter) => setParams(hubQueryOf(next, chosen || filter.model !== undefined));
  return (
    <Page
      title={t('configs.pages.hub')}
      actions={
        <button type="button" className="tap" aria-label={t('common.refresh')} onClick={() => void refresh()}>
          <Icon name="refresh" size={22} />
        </button>
      }
    >
      <HubFilters
        filter={filter}
        onChange={change}
        onClear={() => setParams(hubQueryOf({ sort: 'applied30' }, true))}
        // Each list loads ahead of the tap that shows it, and stays cached (the query's staleTime).
        onIntent={(next) => void client.prefetchInfiniteQuery(sharedQuery(next))}
      />
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

/**
 * The connected controller's model, when the host reports one the organisation has, for a hub whose
 * address names no model (`wanted`). `waiting` until the host (and the organisation) have answered.
 */
function usePreselectedModel(wanted: boolean) {
  const connected = useConnectedModel();
  const organisation = useOrganisation();
  const known = connected !== undefined && (connected === null || !organisation.isPending);
  const model = connected && organisation.data?.models.some((m) => m.id === connected) ? connected : undefined;
  return { waiting: wanted && !known, model };
}
