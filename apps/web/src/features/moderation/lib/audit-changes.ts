import { type AuditEntry, type ShopChangedField, shopChangedFieldSchema } from '@padhub/contracts';

export type PlainValue = string | number | boolean | null;

/** One field an edit changed; `from`/`to` only when both are plain values short enough to read in a line. */
export interface FieldChange {
  field: ShopChangedField;
  values?: { from: PlainValue; to: PlainValue };
}

// Longer text (a store link with its tracking parameters) would bury the line; its name says enough.
const MAX_SHOWN_LENGTH = 40;

const isShown = (value: unknown): value is PlainValue =>
  value === null || typeof value === 'number' || typeof value === 'boolean' || (typeof value === 'string' && value.length <= MAX_SHOWN_LENGTH);

/** What a shop edit's line says it changed (detail.changed, with detail.from/to by the same names). */
export function fieldChanges(entry: AuditEntry): FieldChange[] {
  const { changed, from, to } = entry.detail;
  if (!Array.isArray(changed)) return [];
  const before = record(from);
  const after = record(to);
  return changed
    .filter((f): f is ShopChangedField => shopChangedFieldSchema.safeParse(f).success)
    .map((field) => {
      const [a, b] = [before[field], after[field]];
      return field in before && field in after && isShown(a) && isShown(b) ? { field, values: { from: a, to: b } } : { field };
    });
}

const record = (value: unknown): Record<string, unknown> => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {});
