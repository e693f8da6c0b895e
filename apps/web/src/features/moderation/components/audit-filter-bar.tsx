import { useTranslation } from 'react-i18next';
import { type AuditEntry, auditKindSchema } from '@padhub/contracts';
import { displayName } from '@/entities/user/avatar.tsx';
import { type AuditFilters, hasFilters } from '@/features/moderation/lib/audit-filters.ts';
import { useTargetLabel } from './audit-line.tsx';

interface Props {
  filters: AuditFilters;
  onChange: (filters: AuditFilters) => void;
  /** The lines on screen: they name the filtered actor and target. */
  entries: AuditEntry[];
}

/** The kind of action to show, the actor and target chosen from a line (each removable), and a way back to everything. */
export function AuditFilterBar({ filters, onChange, entries }: Props) {
  const { t } = useTranslation();
  const { kind, actorId, targetType, targetId } = filters;
  const actor = entries.find((e) => e.actor.id === actorId)?.actor;
  const actorName = actor ? displayName(actor, t('common.loggedOutUser')) : t('moderation.log.targets.user', { id: actorId });
  const target = useTargetLabel(
    entries.find((e) => e.targetType === targetType && (e.targetId ?? undefined) === targetId) ?? { targetType: targetType ?? 'shop', targetId: targetId ?? null, targetNames: null },
  );
  const without = (...keys: (keyof AuditFilters)[]) => onChange(Object.fromEntries(Object.entries(filters).filter(([key]) => !keys.includes(key as keyof AuditFilters))));
  return (
    <div className="console-log-filters" role="group" aria-label={t('moderation.log.filters.label')}>
      <label className="console-log-kind">
        <span>{t('moderation.log.filters.kind')}</span>
        <select value={kind ?? ''} onChange={(e) => onChange({ ...filters, kind: auditKindSchema.safeParse(e.target.value).data })}>
          <option value="">{t('moderation.log.filters.allKinds')}</option>
          {auditKindSchema.options.map((k) => (
            <option key={k} value={k}>
              {t(`moderation.log.filters.kinds.${k}`)}
            </option>
          ))}
        </select>
      </label>
      {actorId !== undefined && <Chip text={t('moderation.log.filters.by', { name: actorName })} onRemove={() => without('actorId')} />}
      {targetType !== undefined && <Chip text={t('moderation.log.filters.on', { target })} onRemove={() => without('targetType', 'targetId')} />}
      {hasFilters(filters) && (
        <button type="button" className="tap console-action" onClick={() => onChange({})}>
          {t('moderation.log.filters.clear')}
        </button>
      )}
    </div>
  );
}

function Chip({ text, onRemove }: { text: string; onRemove: () => void }) {
  const { t } = useTranslation();
  return (
    <button type="button" className="tap console-action console-log-chip" aria-label={t('moderation.log.filters.remove', { filter: text })} onClick={onRemove}>
      {text}
      <span aria-hidden="true"> ×</span>
    </button>
  );
}
