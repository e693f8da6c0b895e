import {
  type AdminCategory,
  type AdminGoods,
  type AdminGoodsSummary,
  type AdminVariant,
  type GoodsCard,
  type GoodsCategory,
  type GoodsText,
  type GoodsVariant,
  type Lang,
  type Media,
  type PerLanguage,
  type SpecRow,
  type StockState,
  pickLanguage,
} from '@padhub/contracts';

/** What a reader asks for: the organisation's texts in `lang`, else in `fallback` (its default). */
export interface Reading {
  orgId: string;
  lang: Lang;
  fallback: Lang;
  currency: string;
}

export interface CategoryRow {
  id: string;
  names: PerLanguage<string>;
  published: boolean;
  position: number;
  goods_count: number;
}

/** A goods with the one text the reader gets (columns `text_*`). */
export interface GoodsRow {
  id: string;
  category_id: string;
  category_position: number;
  model: string | null;
  pictures: Media[];
  published: boolean;
  position: number;
  visible: boolean;
  updated_at: Date;
  text_lang: Lang;
  name: string;
  description: string;
  specs: SpecRow[];
}

export interface TextRow {
  lang: Lang;
  name: string;
  description: string;
  specs: SpecRow[];
}

/** A goods' texts by language; `reread` passes each description through (the sanitiser, for what is shown). */
export function textsOf(rows: TextRow[], reread: (html: string) => string = (html) => html): PerLanguage<GoodsText> {
  return Object.fromEntries(rows.map((t) => [t.lang, { name: t.name, description: reread(t.description), specs: t.specs }]));
}

export interface VariantRow {
  id: string;
  goods_id: string;
  names: PerLanguage<string>;
  price: number;
  old_price: number | null;
  stock: StockState;
  store_url: string;
  pictures: Media[];
  published: boolean;
  position: number;
}

/** The name in the reader's language, else the fallback's; '' only for a row nobody named (never written by the service). */
function nameIn(names: PerLanguage<string>, reading: Pick<Reading, 'lang' | 'fallback'>): { name: string; lang: Lang } {
  const picked = pickLanguage(names, reading.lang, reading.fallback);
  return picked ? { name: picked.value, lang: picked.lang } : { name: '', lang: reading.fallback };
}

export function toCategory(row: Pick<CategoryRow, 'id' | 'names'>, reading: Reading): GoodsCategory {
  const { name, lang } = nameIn(row.names, reading);
  return { id: row.id, name, lang };
}

const stockRank: Record<StockState, number> = { in_stock: 0, coming_soon: 1, sold_out: 2 };

/** The best stock state among the variants: a goods is in stock when any of its variants is. */
function bestStock(variants: Pick<VariantRow, 'stock'>[]): StockState {
  return variants.reduce<StockState>((best, v) => (stockRank[v.stock] < stockRank[best] ? v.stock : best), 'sold_out');
}

/** The card of a listed goods; `variants` are its published ones in order (at least one). */
export function toCard(row: GoodsRow, variants: VariantRow[], reading: Reading): GoodsCard {
  const cheapest = variants.reduce((low, v) => (v.price < low.price ? v : low), variants[0]!);
  return {
    id: row.id,
    categoryId: row.category_id,
    model: row.model,
    name: row.name,
    lang: row.text_lang,
    picture: leadPicture(row, variants),
    price: cheapest.price,
    priceVaries: variants.some((v) => v.price !== cheapest.price),
    oldPrice: cheapest.old_price,
    currency: reading.currency,
    stock: bestStock(variants),
  };
}

export function toVariant(row: VariantRow, reading: Reading): GoodsVariant {
  return {
    id: row.id,
    name: nameIn(row.names, reading).name,
    price: row.price,
    oldPrice: row.old_price,
    stock: row.stock,
    // What cannot be bought has no link to buy it with.
    storeUrl: row.stock === 'in_stock' ? row.store_url : null,
    pictures: row.pictures,
  };
}

export function toAdminCategory(row: CategoryRow): AdminCategory {
  return { id: row.id, names: row.names, published: row.published, position: row.position, goodsCount: row.goods_count };
}

function toAdminVariant(row: VariantRow): AdminVariant {
  return {
    id: row.id,
    names: row.names,
    price: row.price,
    oldPrice: row.old_price,
    stock: row.stock,
    storeUrl: row.store_url,
    pictures: row.pictures,
    published: row.published,
    position: row.position,
  };
}

/**
 * The picture a goods is shown with: the one its details page opens on (the first variant that can
 * be bought, else the first; its own pictures come before the goods'), else any it has.
 */
function leadPicture(row: Pick<GoodsRow, 'pictures'>, variants: Pick<VariantRow, 'pictures' | 'stock'>[]): Media | null {
  const lead = variants.find((v) => v.stock === 'in_stock') ?? variants[0];
  return lead?.pictures[0] ?? row.pictures[0] ?? variants.find((v) => v.pictures.length > 0)?.pictures[0] ?? null;
}

export function toAdminSummary(row: GoodsRow, variants: VariantRow[]): AdminGoodsSummary {
  return {
    id: row.id,
    name: row.name,
    picture: leadPicture(row, variants),
    published: row.published,
    visible: row.visible,
    variantCount: variants.length,
    position: row.position,
  };
}

export function toAdminGoods(row: GoodsRow, texts: TextRow[], variants: VariantRow[], reread: (html: string) => string): AdminGoods {
  return {
    id: row.id,
    categoryId: row.category_id,
    model: row.model,
    texts: textsOf(texts, reread),
    pictures: row.pictures,
    variants: variants.map(toAdminVariant),
    published: row.published,
    position: row.position,
    visible: row.visible,
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}
