import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type AuditEntry, type Lang, languages, pickLanguage } from '@padhub/contracts';
import { useCurrentUser } from '@/platform/hooks.ts';
import { useOrganisation } from '@/platform/organisation.ts';
import { displayName } from '@/entities/user/avatar.tsx';
import { RelativeTime } from '@/ui/relative-time.tsx';
import type { AuditFilters } from '@/features/moderation/lib/audit-filters.ts';
import { auditTargetPath } from '@/features/moderation/lib/audit-links.ts';
import { AuditChanges } from './audit-changes.tsx';
import './audit-line.css';

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
  const targetPath = auditTargetPath(entry, useCurrentUser()?.role);
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
          {t(`moderation.log.actions.${entry.action}`)}
          {entry.detail.edit === true && ` (${t('moderation.log.ofEdit')})`} ·{' '}
          {targetPath ? (
            <Link className="console-log-target" to={targetPath}>
              {target}
            </Link>
          ) : (
            target
          )}
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
      {entry.action === 'ban' && <BanTerms detail={entry.detail} />}
      {entry.reason !== null && <p className="console-log-reason">{t('moderation.log.reason', { reason: entry.reason })}</p>}
    </div>
  );
}

/** How long a ban was given for, and whether it hid the person's content meanwhile. */
function BanTerms({ detail }: { detail: AuditEntry['detail'] }) {
  const { t } = useTranslation();
  const length = typeof detail.days === 'number' ? t('moderation.log.ban.days', { count: detail.days }) : t('moderation.log.ban.forGood');
  return <p className="console-log-reason">{detail.hideContent === true ? `${length} · ${t('moderation.log.ban.hidden')}` : length}</p>;
}

/** "post 12", "Lena (user 7)", "“Pro 2” (goods 5)": what the line acted on, as the log names it. */
export function useTargetLabel(entry: Pick<AuditEntry, 'targetType' | 'targetId' | 'targetNames'> & { targetUser?: AuditEntry['targetUser'] }): string {
  const { t } = useTranslation();
  const name = useTargetName(entry);
  if (entry.targetUser) return t('moderation.log.userNamed', { id: entry.targetId, name: displayName(entry.targetUser, t('common.loggedOutUser')) });
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
