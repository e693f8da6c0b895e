import { useTranslation } from 'react-i18next';
import type { AuditEntry } from '@padhub/contracts';
import { displayName } from '../../../ui/avatar.tsx';
import { PullList } from '../../../ui/pull-list.tsx';
import { RelativeTime } from '../../../ui/relative-time.tsx';
import { useAudit } from '../api/get-audit.ts';
import { ConsoleFrame } from '../components/console-frame.tsx';

/** /console/log: every action, who took it and why. Read-only: the database refuses any change. */
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

function AuditLine({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation();
  return (
    <div className="console-card">
      <p className="console-meta">
        <RelativeTime iso={entry.createdAt} /> · <strong>{displayName(entry.actor, t('common.loggedOutUser'))}</strong>
      </p>
      <p className="console-text">
        {t(`moderation.log.actions.${entry.action}`)} · {t(`moderation.log.targets.${entry.targetType}`, { id: entry.targetId })}
      </p>
      <p className="console-log-reason">{t('moderation.log.reason', { reason: entry.reason })}</p>
    </div>
  );
}
