import type { Goods, GoodsCard, GoodsCategory, GoodsListQuery, Lang, Organisation, Page } from '@padhub/contracts';
import { fail } from '#server/lib/errors.ts';
import { decodeCursor, encodeCursor, pageOf } from '#server/lib/cursor.ts';
import { type CatalogueRepo } from './catalogue-repo.ts';
import { sanitizeDescription } from './description.ts';
import { type GoodsRow, type Reading, type VariantRow, toCard, toCategory, toVariant } from './rows.ts';

/** The reader's organisation and content language: what every read of the shop needs. */
export function readingOf(org: Organisation, lang: Lang): Reading {
  return { orgId: org.id, lang, fallback: org.defaultLanguage, currency: org.currency };
}

/** Groups variant rows by their goods, keeping their order. */
export function byGoods(variants: VariantRow[]): Map<string, VariantRow[]> {
  const map = new Map<string, VariantRow[]>();
  for (const v of variants) map.set(v.goods_id, [...(map.get(v.goods_id) ?? []), v]);
  return map;
}

/**
 * The shop as users read it: visible goods only (published, in a published category, with a
 * published variant), texts in the content language with the organisation's default language as
 * the fallback. Open to anonymous readers, as a shop window is.
 */
export class ShopService {
  private readonly catalogue: CatalogueRepo;

  constructor(repos: { catalogue: CatalogueRepo }) {
    this.catalogue = repos.catalogue;
  }

  async categories(reading: Reading): Promise<{ items: GoodsCategory[] }> {
    return { items: (await this.catalogue.categories(reading.orgId)).map((row) => toCategory(row, reading)) };
  }

  async list(reading: Reading, query: GoodsListQuery): Promise<Page<GoodsCard>> {
    const after = query.cursor === undefined ? undefined : (decodeCursor('goods', query.cursor, ['int', 'bigint', 'int', 'bigint']) as [string, string, string, string]);
    const rows = await this.catalogue.page(reading, { categoryId: query.category, after, limit: query.limit });
    const variants = byGoods(await this.catalogue.variantsOf(rows.slice(0, query.limit).map((r) => r.id), true));
    const page = pageOf(rows, query.limit, (row) => row, (row: GoodsRow) => encodeCursor('goods', [row.category_position, row.category_id, row.position, row.id]));
    // A goods whose last variant was unpublished between the two reads leaves the page; the cursor stays the same.
    return { items: page.items.flatMap((row) => (variants.has(row.id) ? [toCard(row, variants.get(row.id)!, reading)] : [])), nextCursor: page.nextCursor };
  }

  async get(reading: Reading, id: string): Promise<Goods> {
    const row = await this.catalogue.find(reading, id, true);
    if (!row) throw fail('not_found');
    const [category, variants] = await Promise.all([this.catalogue.category(reading.orgId, row.category_id), this.catalogue.variantsOf([id], true)]);
    return {
      id: row.id,
      category: toCategory(category!, reading),
      model: row.model,
      lang: row.text_lang,
      name: row.name,
      // Sanitised again on the way out: see description.ts.
      description: sanitizeDescription(row.description),
      specs: row.specs,
      pictures: row.pictures,
      variants: variants.map((v) => toVariant(v, reading)),
      currency: reading.currency,
    };
  }
}
