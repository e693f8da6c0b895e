import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
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

/** The organisation's shared configurations, by controller, game, kind and popularity. */
export function HubPage() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [params, setParams] = useSearchParams();
  const preselected = usePreselectedModel(params.has('model'));
  const filter = { ...hubFilterFrom(params), ...(params.has('model') ? {} : { model: preselected.model }) };
  // Until the host has said which controller is connected, the list waits rather than showing every model first.
  const list = useSharedConfigs(filter, !preselected.waiting);
  // The preselection goes into the address too (replacing it), so that back and a shared link keep it.
  const addressed = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (params.has('model') || !preselected.model || addressed.current === preselected.model) return;
    addressed.current = preselected.model;
    setParams({ ...Object.fromEntries(params), model: preselected.model }, { replace: true });
  }, [params, preselected.model, setParams]);
  const refresh = () => refreshFromFirstPage(client, sharedQuery(filter).queryKey);
  // Each change is a step in the history: back returns to the previous filters.
  const change = (next: HubFilter) => {
    preselected.drop();
    setParams(hubQueryOf(next));
  };
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

/**
 * A hub opened without a model in its address shows the connected controller's model, when the
 * host reports one the organisation has. Decided once per visit: `drop` when the person chooses
 * filters themselves, so that "All models" stays. `waiting` until the host has answered.
 */
function usePreselectedModel(hasModel: boolean) {
  const connected = useConnectedModel();
  const organisation = useOrganisation();
  // undefined: not decided yet; null: nothing to preselect.
  const [model, setModel] = useState<string | null | undefined>(hasModel ? null : undefined);
  const known = connected !== undefined && (connected === null || !organisation.isPending);
  // Decided while rendering, once the host has answered (state adjusted while rendering, as React advises).
  if (model === undefined && known) setModel(connected && organisation.data?.models.some((m) => m.id === connected) ? connected : null);
  return { waiting: model === undefined, model: model ?? undefined, drop: () => setModel(null) };
}
