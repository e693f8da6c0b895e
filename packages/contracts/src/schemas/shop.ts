import { z } from 'zod';
import { pageSchema } from '../envelope.ts';
import type { Lang } from '../languages.ts';
import { idSchema, pageQuerySchema, queryIntSchema } from './community.ts';
import { mediaSchema } from './media.ts';
import { langSchema } from './platform.ts';

/**
 * The shop: goods of an organisation in ordered categories, each with texts per content language
 * and variants (colour, edition) that carry the price. Prices are integers in the minor unit of
 * the organisation's currency (fen, cents; yen and won have none), so no float ever rounds a price.
 */

export const stockStateSchema = z.enum(['in_stock', 'sold_out', 'coming_soon']);
export type StockState = z.infer<typeof stockStateSchema>;

/** A value per content language; any may be missing, and readers fall back (see `languagePreference`). */
export function perLanguage<T extends z.ZodType>(item: T) {
  return z.object({ cn: item.optional(), en: item.optional(), jp: item.optional(), ko: item.optional() });
}
export type PerLanguage<T> = Partial<Record<Lang, T>>;

/** One row of a goods' specifications table, in one language ("Weight" · "245 g"). */
export const specRowSchema = z.object({ label: z.string().trim().min(1).max(60), value: z.string().trim().min(1).max(300) });
export type SpecRow = z.infer<typeof specRowSchema>;

// ---- What users read -------------------------------------------------------------------------

export const goodsCategorySchema = z.object({ id: z.string(), name: z.string(), lang: langSchema });
export type GoodsCategory = z.infer<typeof goodsCategorySchema>;
export const goodsCategoryListSchema = z.object({ items: z.array(goodsCategorySchema) });

/** A card of the Mall: the lowest price of its variants, and the best stock state among them. */
export const goodsCardSchema = z.object({
  id: z.string(),
  categoryId: z.string(),
  /** The organisation's controller model this goods is, or null (accessories, parts). */
  model: z.string().nullable(),
  name: z.string(),
  /** The language the name is in: the request's, or the organisation's default when not translated. */
  lang: langSchema,
  /** The picture the details page opens on (of the first variant in stock, else the goods'); null when there is none. */
  picture: mediaSchema.nullable(),
  price: z.number().int(),
  /** Variants cost different amounts: show the price as "from". */
  priceVaries: z.boolean(),
  /** The old price of the cheapest variant when it is discounted. */
  oldPrice: z.number().int().nullable(),
  /** ISO 4217 code of the organisation's currency. */
  currency: z.string(),
  /** in stock when any variant is, else coming soon when any is, else sold out. */
  stock: stockStateSchema,
});
export type GoodsCard = z.infer<typeof goodsCardSchema>;

export const goodsListQuerySchema = z.object({
  cursor: z.string().min(1).max(200).optional(),
  limit: queryIntSchema.pipe(z.number().min(1).max(50)).default(20),
  /** A category id; without it, every category in its order. */
  category: idSchema.optional(),
});
export type GoodsListQuery = z.infer<typeof goodsListQuerySchema>;
export const goodsCardPageSchema = z.object({ items: z.array(goodsCardSchema), nextCursor: z.string().nullable() });

export const goodsVariantSchema = z.object({
  id: z.string(),
  name: z.string(),
  price: z.number().int(),
  oldPrice: z.number().int().nullable(),
  stock: stockStateSchema,
  /** Where to buy it (https); null unless it is in stock: a sold-out variant cannot be bought. */
  storeUrl: z.string().nullable(),
  /** Its own pictures, shown before the goods' own; often empty. */
  pictures: z.array(mediaSchema),
});
export type GoodsVariant = z.infer<typeof goodsVariantSchema>;

export const goodsSchema = z.object({
  id: z.string(),
  category: goodsCategorySchema,
  model: z.string().nullable(),
  /** The language of name, description and specifications (one of them all: they are never mixed). */
  lang: langSchema,
  name: z.string(),
  /** Rich text written by the organisation's admins, sanitised to an allow-list of tags on the server. */
  description: z.string(),
  specs: z.array(specRowSchema),
  pictures: z.array(mediaSchema),
  /** In the admins' order; at least one. */
  variants: z.array(goodsVariantSchema),
  currency: z.string(),
});
export type Goods = z.infer<typeof goodsSchema>;

// ---- What admins write -----------------------------------------------------------------------

/** A picture uploaded through the direct-to-storage uploader (under the admin's prefix), or one the goods already has. */
export const pictureClaimSchema = z.object({ path: z.string().min(1).max(1024) });
export type PictureClaim = z.infer<typeof pictureClaimSchema>;

export const goodsTextSchema = z.object({
  name: z.string().trim().min(1).max(120),
  /** HTML: tags outside the allow-list are dropped on the server. */
  description: z.string().max(20_000).default(''),
  specs: z.array(specRowSchema).max(40).default([]),
});
export type GoodsText = z.infer<typeof goodsTextSchema>;
export type GoodsTextInput = z.input<typeof goodsTextSchema>;

const categoryNamesSchema = perLanguage(z.string().trim().min(1).max(40));
const variantNamesSchema = perLanguage(z.string().trim().min(1).max(60));
const modelSchema = z.string().trim().min(1).max(64).nullable();
const priceSchema = z.number().int().min(0).max(1_000_000_000);
/** Store links open outside the app through the host, which opens https only (docs/bridge.md). */
const storeUrlSchema = z.url({ protocol: /^https$/, hostname: z.regexes.domain }).max(2000);

export const categoryInputSchema = z.object({ names: categoryNamesSchema, published: z.boolean().default(true) });
export type CategoryInput = z.input<typeof categoryInputSchema>;
export const categoryPatchSchema = z.object({ names: categoryNamesSchema.optional(), published: z.boolean().optional() });
export type CategoryPatch = z.infer<typeof categoryPatchSchema>;

const goodsFields = {
  categoryId: idSchema,
  model: modelSchema,
  texts: perLanguage(goodsTextSchema),
  pictures: z.array(pictureClaimSchema).max(12),
  published: z.boolean(),
};
export const goodsInputSchema = z.object({
  ...goodsFields,
  model: modelSchema.default(null),
  pictures: goodsFields.pictures.default([]),
  // New goods wait unpublished until their variants are ready.
  published: goodsFields.published.default(false),
});
export type GoodsInput = z.input<typeof goodsInputSchema>;
/** Only the fields sent change; `texts` replaces all texts when sent. */
export const goodsPatchSchema = z.object(goodsFields).partial();
export type GoodsPatch = z.infer<typeof goodsPatchSchema>;

const variantFields = {
  names: variantNamesSchema,
  price: priceSchema,
  /** The price before the discount; more than `price`, or null. */
  oldPrice: priceSchema.nullable(),
  stock: stockStateSchema,
  storeUrl: storeUrlSchema,
  pictures: z.array(pictureClaimSchema).max(8),
  published: z.boolean(),
};
export const variantInputSchema = z.object({
  ...variantFields,
  oldPrice: variantFields.oldPrice.default(null),
  pictures: variantFields.pictures.default([]),
  published: variantFields.published.default(true),
});
export type VariantInput = z.input<typeof variantInputSchema>;
export const variantPatchSchema = z.object(variantFields).partial();
export type VariantPatch = z.infer<typeof variantPatchSchema>;

/** The complete new order of a list: every item of it, once. */
export const orderInputSchema = z.object({ ids: z.array(idSchema).min(1).max(500) });
export const goodsOrderInputSchema = orderInputSchema.extend({ categoryId: idSchema });
export type GoodsOrderInput = z.infer<typeof goodsOrderInputSchema>;

/**
 * Places one goods right before or right after another of its category (the console's ↑ and ↓),
 * without naming the whole list, which the console may not have loaded.
 */
export const goodsPlacementSchema = z.union([z.strictObject({ before: idSchema }), z.strictObject({ after: idSchema })]);
export type GoodsPlacement = z.infer<typeof goodsPlacementSchema>;

/** The goods of one category in order, a page at a time. */
export const adminGoodsQuerySchema = pageQuerySchema.extend({ category: idSchema });
export type AdminGoodsQuery = z.infer<typeof adminGoodsQuerySchema>;

// ---- What admins read ------------------------------------------------------------------------

export const adminCategorySchema = z.object({
  id: z.string(),
  names: perLanguage(z.string()),
  published: z.boolean(),
  position: z.number().int(),
  goodsCount: z.number().int(),
});
export type AdminCategory = z.infer<typeof adminCategorySchema>;
export const adminCategoryListSchema = z.object({ items: z.array(adminCategorySchema) });

export const adminVariantSchema = z.object({
  id: z.string(),
  names: perLanguage(z.string()),
  price: z.number().int(),
  oldPrice: z.number().int().nullable(),
  stock: stockStateSchema,
  storeUrl: z.string(),
  pictures: z.array(mediaSchema),
  published: z.boolean(),
  position: z.number().int(),
});
export type AdminVariant = z.infer<typeof adminVariantSchema>;

export const adminGoodsSchema = z.object({
  id: z.string(),
  categoryId: z.string(),
  model: z.string().nullable(),
  texts: perLanguage(goodsTextSchema.extend({ description: z.string(), specs: z.array(specRowSchema) })),
  pictures: z.array(mediaSchema),
  variants: z.array(adminVariantSchema),
  published: z.boolean(),
  position: z.number().int(),
  /** Users see it: published, in a published category, with a published variant. */
  visible: z.boolean(),
  updatedAt: z.iso.datetime(),
});
export type AdminGoods = z.infer<typeof adminGoodsSchema>;

export const adminGoodsSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  picture: mediaSchema.nullable(),
  published: z.boolean(),
  visible: z.boolean(),
  variantCount: z.number().int(),
  position: z.number().int(),
});
export type AdminGoodsSummary = z.infer<typeof adminGoodsSummarySchema>;
/** A whole category's goods (what a reorder answers). */
export const adminGoodsListSchema = z.object({ items: z.array(adminGoodsSummarySchema) });
export const adminGoodsPageSchema = pageSchema(adminGoodsSummarySchema);

/**
 * The order in which texts are looked for: the language asked for, then the organisation's
 * default, then the rest in a fixed order. One rule for names, descriptions and categories, so a
 * page is never empty and never mixes two fallbacks.
 */
export function languagePreference(asked: Lang, fallback: Lang): Lang[] {
  const order: Lang[] = [asked, fallback, 'en', 'cn', 'jp', 'ko'];
  return order.filter((lang, index) => order.indexOf(lang) === index);
}

/** The value in the first language of the preference that has one. */
export function pickLanguage<T>(values: PerLanguage<T>, asked: Lang, fallback: Lang): { lang: Lang; value: T } | null {
  for (const lang of languagePreference(asked, fallback)) {
    const value = values[lang];
    if (value !== undefined && value !== null) return { lang, value };
  }
  return null;
}
