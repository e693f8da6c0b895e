import { type AuditAction, type Lang, type Media, type PerLanguage, type ShopChangedField, languages, pickLanguage } from '@padhub/contracts';
import type { Queryable } from '#server/db/client.ts';
import type { Staff } from '#server/http/staff.ts';
import { type AuditLine, writeAudit } from '#server/modules/audit/public.ts';
import { type CatalogueRepo } from './catalogue-repo.ts';
import { textsOf } from './rows.ts';

/**
 * The shop's lines in the organisation's audit log (moderation/audit-log.ts). Each is written in
 * the transaction of the change it records; the routes ask no reason, so the line says what changed.
 */
export function logShop(q: Queryable, staff: Staff, line: Pick<AuditLine, 'action' | 'targetType' | 'targetId' | 'targetNames' | 'detail'>): Promise<string> {
  return writeAudit(q, { ...line, orgId: staff.orgId, actorId: staff.userId, reason: null });
}

/** An edit that publishes or unpublishes is logged as that: it is what users notice. */
export function editAction(kind: 'category' | 'goods' | 'variant', wasPublished: boolean, isPublished: boolean): AuditAction {
  if (wasPublished === isPublished) return `update_${kind}`;
  return isPublished ? `publish_${kind}` : `unpublish_${kind}`;
}

type Plain = string | number | boolean | null;
const isPlain = (value: unknown): value is Plain => value === null || ['string', 'number', 'boolean'].includes(typeof value);

/**
 * What an edit changed: the fields, and for plain values (prices, stock, model, category id) what
 * they were and became, so the log answers "who changed this price, from what".
 */
export function changesOf(fields: Partial<Record<ShopChangedField, [before: unknown, after: unknown]>>): Record<string, unknown> {
  const changed: ShopChangedField[] = [];
  const from: Record<string, Plain> = {};
  const to: Record<string, Plain> = {};
  for (const [field, [before, after]] of Object.entries(fields) as [ShopChangedField, [unknown, unknown]][]) {
    if (canonical(before) === canonical(after)) continue;
    changed.push(field);
    if (isPlain(before) && isPlain(after)) {
      from[field] = before;
      to[field] = after;
    }
  }
  return Object.keys(from).length > 0 ? { changed, from, to } : { changed };
}

/** JSON with object keys sorted: jsonb hands keys back in its own order, not the one they were written in. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : v,
  );
}

/** Pictures compare by what they show: their paths, in order. */
export const picturePaths = (pictures: Media[]) => pictures.map((p) => p.path);

/** A goods' names as they are now, read in the change's transaction. */
export async function goodsNames(catalogue: CatalogueRepo, goodsId: string): Promise<PerLanguage<string>> {
  return namesOf(textsOf(await catalogue.texts(goodsId)));
}

export function namesOf(texts: PerLanguage<{ name: string }>): PerLanguage<string> {
  return Object.fromEntries(Object.entries(texts).flatMap(([lang, text]) => (text ? [[lang, text.name]] : [])));
}

/** A variant is named with its goods ("Pro 2 · Black") in every language either has, each falling back as readers' do. */
export function variantNames(goods: PerLanguage<string>, variant: PerLanguage<string>, fallback: Lang): PerLanguage<string> {
  return Object.fromEntries(
    languages.flatMap((lang) => {
      if (goods[lang] === undefined && variant[lang] === undefined) return [];
      const parts = [pickLanguage(goods, lang, fallback)?.value, pickLanguage(variant, lang, fallback)?.value].filter((part) => part !== undefined);
      return [[lang, parts.join(' · ')]];
    }),
  );
}
