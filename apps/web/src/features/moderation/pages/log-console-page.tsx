import { useTranslation } from 'react-i18next';
import { PullList } from '../../../ui/pull-list.tsx';
import { useAudit } from '../api/get-audit.ts';
import { AuditLine } from '../components/audit-line.tsx';
import { ConsoleFrame } from '../components/console-frame.tsx';

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
  const audit = useAudit(true);
  return <PullList query={audit} label={t('moderation.nav.log')} itemKey={(e) => e.id} renderItem={(e) => <AuditLine entry={e} />} empty={t('moderation.log.empty')} onRefresh={() => audit.refetch()} />;
}
