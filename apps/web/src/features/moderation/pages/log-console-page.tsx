import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PullList } from '@/ui/pull-list.tsx';
import { useAudit } from '@/features/moderation/api/get-audit.ts';
import { AuditFilterBar } from '@/features/moderation/components/audit-filter-bar.tsx';
import { AuditLine } from '@/features/moderation/components/audit-line.tsx';
import { ConsoleFrame } from '@/features/moderation/components/console-frame.tsx';
import { type AuditFilters, filtersFromParams, hasFilters, paramsOf } from '@/features/moderation/lib/audit-filters.ts';

/** /console/log: every moderation action and shop change, who made it and why or what. Read-only: the database refuses any change. */
export function LogConsolePage() {
  return (
    <ConsoleFrame>
      <Log />
    </ConsoleFrame>
  );
}

function Log() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const filters = filtersFromParams(params);
  const audit = useAudit(filters, true);
  // Each change of filters is a step in history: back returns to the log as it was filtered before.
  const setFilters = (next: AuditFilters) => setParams(paramsOf(next));
  const entries = audit.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <>
      <AuditFilterBar filters={filters} onChange={setFilters} entries={entries} />
      <PullList
        query={audit}
        label={t('moderation.nav.log')}
        itemKey={(e) => e.id}
        renderItem={(e) => <AuditLine entry={e} filters={filters} onFilter={setFilters} />}
        empty={t(hasFilters(filters) ? 'moderation.log.filters.empty' : 'moderation.log.empty')}
        onRefresh={() => audit.refetch()}
      />
    </>
  );
}
