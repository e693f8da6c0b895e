import { useTranslation } from 'react-i18next';
import { type AuditEntry, type Lang, languages, pickLanguage } from '@padhub/contracts';
import { useOrganisation } from '@/platform/organisation.ts';
import { displayName } from '@/entities/user/avatar.tsx';
import { RelativeTime } from '@/ui/relative-time.tsx';
import type { AuditFilters } from '@/features/moderation/lib/audit-filters.ts';
import { AuditChanges } from './audit-changes.tsx';

interface Props {
  entry: AuditEntry;
  filters: AuditFilters;
  /** Narrows the log to this line's actor or target. */
  onFilter: (filters: AuditFilters) => void;
}

/** One line of the audit log: when, who, what on what, and why (moderation) or what changed (shop). */
export function AuditLine({ entry, filters, onFilter }: Props) {
  const { t } = useTranslation();
  const actor = displayName(entry.actor, t('common.loggedOutUser'));
  const target = useTargetLabel(entry);
  const byActor = filters.actorId === entry.actor.id;
  const onTarget = filters.targetType === entry.targetType && filters.targetId === (entry.targetId ?? undefined);
  return (
    <div className="console-card">
      <p className="console-meta">
        <RelativeTime iso={entry.createdAt} /> ·{' '}
        {byActor ? (
          <strong>{actor}</strong>
        ) : (
          <button type="button" className="tap console-log-actor" aria-label={t('moderation.log.filters.onlyBy', { name: actor })} onClick={() => onFilter({ ...filters, actorId: entry.actor.id })}>
            {actor}
          </button>
        )}
      </p>
      <div className="console-log-what">
        <p className="console-text">
          {t(`moderation.log.actions.${entry.action}`)} · {target}
        </p>
        {!onTarget && (
          <button
            type="button"
            className="tap console-action"
            aria-label={t('moderation.log.filters.historyOf', { target })}
            onClick={() => onFilter({ ...filters, targetType: entry.targetType, targetId: entry.targetId ?? undefined })}
          >
            {t('moderation.log.filters.history')}
          </button>
        )}
      </div>
      <AuditChanges entry={entry} />
      {entry.reason !== null && <p className="console-log-reason">{t('moderation.log.reason', { reason: entry.reason })}</p>}
    </div>
  );
}

/** "post 12", "“Pro 2” (goods 5)": what the line acted on, as the log names it. */
export function useTargetLabel(entry: Pick<AuditEntry, 'targetType' | 'targetId' | 'targetNames'>): string {
  const { t } = useTranslation();
  const name = useTargetName(entry);
  return t(`moderation.log.targets.${entry.targetType}`, { id: entry.targetId, name });
}

/** A shop target's name in the app language, else the organisation's default (as the shop console names things). */
function useTargetName(entry: Pick<AuditEntry, 'targetNames'>): string {
  const { i18n } = useTranslation();
  const fallback = useOrganisation().data?.defaultLanguage ?? 'cn';
  if (!entry.targetNames) return '';
  const asked = (languages as readonly string[]).includes(i18n.language) ? (i18n.language as Lang) : fallback;
  return pickLanguage(entry.targetNames, asked, fallback)?.value ?? '';
}
