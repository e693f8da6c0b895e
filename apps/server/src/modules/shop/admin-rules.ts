import type { AdminGoods, GoodsText, Lang, Organisation, PerLanguage, variantInputSchema } from '@padhub/contracts';
import type { z } from 'zod';
import { fail } from '#server/lib/errors.ts';
import type { Staff } from '#server/http/staff.ts';
import { sanitizeDescription } from './description.ts';

type VariantBody = z.output<typeof variantInputSchema>;

/** An admin of the request's organisation (admin-routes.ts checked it), and what they read in. */
export interface ShopAdmin {
  staff: Staff;
  org: Organisation;
  lang: Lang;
}

/** How an admin reads the catalogue: in their language, falling back to the organisation's default. */
export function readingOf(admin: ShopAdmin) {
  return { orgId: admin.org.id, lang: admin.lang, fallback: admin.org.defaultLanguage };
}
type Priced = Pick<VariantBody, 'names' | 'price' | 'oldPrice'>;

export const invalid = (path: string, message: string) => fail('validation_failed', { data: { issues: [{ path, message }] } });

/** The default language is what every other language falls back to: it must be there. */
export function requireDefault(org: Organisation, values: PerLanguage<unknown>, path: string) {
  if (values[org.defaultLanguage] === undefined) {
    throw invalid(`${path}.${org.defaultLanguage}`, `the organisation's default language (${org.defaultLanguage}) is required: it is shown when a translation is missing`);
  }
}

export function checkVariant(org: Organisation, variant: Priced) {
  requireDefault(org, variant.names, 'body.names');
  if (variant.oldPrice !== null && variant.oldPrice <= variant.price) throw invalid('body.oldPrice', 'the price before the discount: more than the price, or null');
}

/** A variant's names and prices after a patch: what it sends, else what `stored` has. */
export function merged(patch: Partial<Priced>, stored: Priced): Priced {
  return {
    names: patch.names ?? stored.names,
    price: patch.price ?? stored.price,
    oldPrice: patch.oldPrice === undefined ? stored.oldPrice : patch.oldPrice,
  };
}

/** A reorder names every item of the list once: anything else means the list changed meanwhile. */
export function sameItems(current: string[], asked: string[]) {
  const set = new Set(asked);
  if (set.size !== asked.length || set.size !== current.length || current.some((id) => !set.has(id))) {
    throw fail('conflict', { data: { ids: current } });
  }
}

export function cleanTexts(texts: PerLanguage<GoodsText>): PerLanguage<GoodsText> {
  return Object.fromEntries(
    Object.entries(texts).flatMap(([lang, text]) => (text ? [[lang, { ...text, description: sanitizeDescription(text.description) }]] : [])),
  );
}

export function knownPictures(goods: AdminGoods) {
  return [...goods.pictures, ...goods.variants.flatMap((v) => v.pictures)];
}
