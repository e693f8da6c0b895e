import { useTranslation } from 'react-i18next';
import { type AuditEntry, type Lang, type ShopChangedField, languages, pickLanguage, shopChangedFieldSchema } from '@padhub/contracts';
import { useOrganisation } from '../../../platform/organisation.ts';
import { displayName } from '../../../ui/avatar.tsx';
import { RelativeTime } from '../../../ui/relative-time.tsx';

/** One line of the audit log: when, who, what on what, and why (moderation) or what changed (shop). */
export function AuditLine({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation();
  const name = useTargetName(entry);
  const changed = changedFields(entry);
  return (
    <div className="console-card">
      <p className="console-meta">
        <RelativeTime iso={entry.createdAt} /> · <strong>{displayName(entry.actor, t('common.loggedOutUser'))}</strong>
      </p>
      <p className="console-text">
        {t(`moderation.log.actions.${entry.action}`)} · {t(`moderation.log.targets.${entry.targetType}`, { id: entry.targetId, name })}
      </p>
      {changed.length > 0 && (
        <p className="console-log-reason">{t('moderation.log.changed', { fields: changed.map((f) => t(`moderation.log.fields.${f}`)).join(t('moderation.log.listSeparator')) })}</p>
      )}
      {entry.reason !== null && <p className="console-log-reason">{t('moderation.log.reason', { reason: entry.reason })}</p>}
    </div>
  );
}

/** A shop target's name in the app language, else the organisation's default (as the shop console names things). */
function useTargetName(entry: AuditEntry): string {
  const { i18n } = useTranslation();
  const fallback = useOrganisation().data?.defaultLanguage ?? 'cn';
  if (!entry.targetNames) return '';
  const asked = (languages as readonly string[]).includes(i18n.language) ? (i18n.language as Lang) : fallback;
  return pickLanguage(entry.targetNames, asked, fallback)?.value ?? '';
}

function changedFields(entry: AuditEntry): ShopChangedField[] {
  const changed = entry.detail.changed;
  return Array.isArray(changed) ? changed.filter((f): f is ShopChangedField => shopChangedFieldSchema.safeParse(f).success) : [];
}
