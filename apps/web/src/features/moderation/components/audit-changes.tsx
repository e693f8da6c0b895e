import { useTranslation } from 'react-i18next';
import type { AuditEntry } from '@padhub/contracts';
import { useOrganisation } from '@/platform/organisation.ts';
import { useSession } from '@/platform/session.ts';
import { formatMoney } from '@/ui/money.ts';
import { type FieldChange, type PlainValue, fieldChanges } from '@/features/moderation/lib/audit-changes.ts';

/** What a shop edit changed: "price: ¥199.00 → ¥179.00" where the values are short, else the field's name. */
export function AuditChanges({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation();
  const show = useValueFormat();
  const changes = fieldChanges(entry);
  if (changes.length === 0) return null;
  const describe = ({ field, values }: FieldChange) => {
    const name = t(`moderation.log.fields.${field}`);
    return values ? t('moderation.log.fromTo', { field: name, from: show(field, values.from), to: show(field, values.to) }) : name;
  };
  return <p className="console-log-reason">{t('moderation.log.changed', { fields: changes.map(describe).join(t('moderation.log.listSeparator')) })}</p>;
}

function useValueFormat() {
  const { t } = useTranslation();
  const organisation = useOrganisation().data;
  const lang = useSession((s) => s.lang);
  return (field: FieldChange['field'], value: PlainValue): string => {
    if (value === null) return t('moderation.log.noValue');
    if ((field === 'price' || field === 'oldPrice') && typeof value === 'number' && organisation) return formatMoney(value, organisation.currency, lang);
    if (field === 'stock') return t(`shop.stock.${String(value)}`, { defaultValue: String(value) });
    if (field === 'model') return organisation?.models.find((m) => m.id === value)?.name ?? String(value);
    // Categories are named by id here: the log keeps no name for the ones a goods moved between.
    if (field === 'category') return `#${String(value)}`;
    return String(value);
  };
}
