import type {
  AdminCategory,
  AdminGoods,
  AdminGoodsSummary,
  CategoryPatch,
  GoodsOrderInput,
  GoodsPatch,
  GoodsText,
  Lang,
  Media,
  Organisation,
  PerLanguage,
  PictureClaim,
  VariantPatch,
  categoryInputSchema,
  goodsInputSchema,
  variantInputSchema,
} from '@padhub/contracts';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { fail } from '../../http/errors.ts';
import { type ObjectStore, userPrefix } from '../../storage/object-store.ts';
import { type MediaLifecycle, refuseRemoved, refuseRemovedEarly } from '../media-lifecycle/service.ts';
import type { Staff } from '../moderation/staff.ts';
import { ShopAdminRepo } from './admin-repo.ts';
import { CatalogueRepo } from './catalogue-repo.ts';
import { sanitizeDescription } from './description.ts';
import { droppedPictures, freshPaths, resolvePictures } from './pictures.ts';
import { toAdminCategory, toAdminGoods, toAdminSummary } from './rows.ts';
import { byGoods } from './service.ts';

type CategoryBody = z.output<typeof categoryInputSchema>;
type GoodsBody = z.output<typeof goodsInputSchema>;
type VariantBody = z.output<typeof variantInputSchema>;

/** An admin of the request's organisation (moderation/staff.ts checked it), and what they read in. */
export interface ShopAdmin {
  staff: Staff;
  org: Organisation;
  lang: Lang;
}

const invalid = (path: string, message: string) => fail('validation_failed', { data: { issues: [{ path, message }] } });

/**
 * The admins' side of the shop: categories, goods and variants, created, edited, reordered,
 * published and unpublished. Rules that keep every page readable live here: the organisation's
 * default language is always written (it is what other languages fall back to), a discount's old
 * price is above the price, a model is one the organisation offers, descriptions are sanitised
 * before they are stored, and new pictures are the admin's own checked uploads.
 */
export class ShopAdminService {
  private readonly catalogue: CatalogueRepo;

  constructor(
    private readonly db: Db,
    private readonly store: ObjectStore,
    private readonly lifecycle: MediaLifecycle,
  ) {
    this.catalogue = new CatalogueRepo(db);
  }

  // ---- categories ----

  async categories(admin: ShopAdmin): Promise<{ items: AdminCategory[] }> {
    return { items: (await this.catalogue.allCategories(admin.org.id)).map(toAdminCategory) };
  }

  async createCategory(admin: ShopAdmin, input: CategoryBody): Promise<AdminCategory> {
    requireDefault(admin.org, input.names, 'body.names');
    const id = await new ShopAdminRepo(this.db).insertCategory(admin.org.id, input.names, input.published);
    return this.category(admin, id);
  }

  async updateCategory(admin: ShopAdmin, id: string, patch: CategoryPatch): Promise<AdminCategory> {
    if (patch.names) requireDefault(admin.org, patch.names, 'body.names');
    if (!(await new ShopAdminRepo(this.db).updateCategory(admin.org.id, id, patch))) throw fail('not_found');
    return this.category(admin, id);
  }

  async deleteCategory(admin: ShopAdmin, id: string): Promise<void> {
    await this.category(admin, id);
    if (!(await new ShopAdminRepo(this.db).deleteEmptyCategory(admin.org.id, id))) throw fail('category_not_empty');
  }

  async orderCategories(admin: ShopAdmin, ids: string[]): Promise<{ items: AdminCategory[] }> {
    await this.db.tx(async (q) => {
      const repo = new ShopAdminRepo(q);
      sameItems(await repo.idsInOrder('goods_categories', { orgId: admin.org.id }), ids);
      await repo.setOrder('goods_categories', admin.org.id, ids);
    });
    return this.categories(admin);
  }

  private async category(admin: ShopAdmin, id: string): Promise<AdminCategory> {
    const row = await this.catalogue.category(admin.org.id, id);
    if (!row) throw fail('not_found');
    return toAdminCategory(row);
  }

  // ---- goods ----

  async goodsList(admin: ShopAdmin, categoryId: string): Promise<{ items: AdminGoodsSummary[] }> {
    await this.category(admin, categoryId);
    const rows = await this.catalogue.inCategory(this.reading(admin), categoryId);
    const variants = byGoods(await this.catalogue.variantsOf(rows.map((r) => r.id), false));
    return { items: rows.map((row) => toAdminSummary(row, variants.get(row.id) ?? [])) };
  }

  async goods(admin: ShopAdmin, id: string): Promise<AdminGoods> {
    const row = await this.catalogue.find(this.reading(admin), id, false);
    if (!row) throw fail('not_found');
    const [texts, variants] = await Promise.all([this.catalogue.texts(id), this.catalogue.variantsOf([id], false)]);
    return toAdminGoods(row, texts, variants, sanitizeDescription);
  }

  async createGoods(admin: ShopAdmin, input: GoodsBody): Promise<AdminGoods> {
    await this.checkGoods(admin, input);
    const { pictures, fresh } = await this.pictures(admin, input.pictures, []);
    const id = await this.db.tx(async (q) => {
      await refuseRemoved(q, fresh);
      const repo = new ShopAdminRepo(q);
      const goodsId = await repo.insertGoods(admin.org.id, { ...input, pictures });
      await repo.replaceTexts(goodsId, cleanTexts(input.texts));
      return goodsId;
    });
    return this.goods(admin, id);
  }

  /** Changes the fields sent; `texts`, when sent, replaces every text (a language left out is removed). */
  async updateGoods(admin: ShopAdmin, id: string, patch: GoodsPatch): Promise<AdminGoods> {
    const current = await this.goods(admin, id);
    const next = {
      categoryId: patch.categoryId ?? current.categoryId,
      model: patch.model === undefined ? current.model : patch.model,
      texts: patch.texts ?? current.texts,
      published: patch.published ?? current.published,
    };
    await this.checkGoods(admin, next);
    const { pictures, fresh } = patch.pictures ? await this.pictures(admin, patch.pictures, knownPictures(current)) : { pictures: current.pictures, fresh: [] };
    await this.lifecycle.removing(async (q, queue) => {
      await refuseRemoved(q, fresh);
      const repo = new ShopAdminRepo(q);
      const before = await repo.picturesOf('goods', admin.org.id, id);
      if (!before || !(await repo.updateGoods(admin.org.id, id, { ...next, pictures }))) throw fail('not_found');
      if (patch.texts) await repo.replaceTexts(id, cleanTexts(patch.texts));
      await queue.media(droppedPictures(before, pictures));
    });
    return this.goods(admin, id);
  }

  /** Deletes the goods and its variants, and their pictures from storage (but those something else shows). */
  async deleteGoods(admin: ShopAdmin, id: string): Promise<void> {
    await this.lifecycle.removing(async (q, queue) => {
      const repo = new ShopAdminRepo(q);
      const pictures = await repo.picturesOf('goods', admin.org.id, id);
      if (!pictures) throw fail('not_found');
      const variants = await repo.variantPictures(id);
      if (!(await repo.deleteGoods(admin.org.id, id))) throw fail('not_found');
      await queue.media([...pictures, ...variants]);
    });
  }

  async orderGoods(admin: ShopAdmin, input: GoodsOrderInput): Promise<{ items: AdminGoodsSummary[] }> {
    await this.category(admin, input.categoryId);
    await this.db.tx(async (q) => {
      const repo = new ShopAdminRepo(q);
      sameItems(await repo.idsInOrder('goods', { orgId: admin.org.id, categoryId: input.categoryId }), input.ids);
      await repo.setOrder('goods', admin.org.id, input.ids);
    });
    return this.goodsList(admin, input.categoryId);
  }

  // ---- variants: each answers its whole goods, as the editor shows it ----

  async createVariant(admin: ShopAdmin, goodsId: string, input: VariantBody): Promise<AdminGoods> {
    const goods = await this.goods(admin, goodsId);
    checkVariant(admin.org, input);
    const { pictures, fresh } = await this.pictures(admin, input.pictures, knownPictures(goods));
    await this.db.tx(async (q) => {
      await refuseRemoved(q, fresh);
      const repo = new ShopAdminRepo(q);
      await repo.insertVariant(admin.org.id, goodsId, { ...input, pictures });
      await repo.touchGoods(goodsId);
    });
    return this.goods(admin, goodsId);
  }

  async updateVariant(admin: ShopAdmin, id: string, patch: VariantPatch): Promise<AdminGoods> {
    const goods = await this.goodsOfVariant(admin, id);
    const current = goods.variants.find((v) => v.id === id)!;
    const next = {
      names: patch.names ?? current.names,
      price: patch.price ?? current.price,
      oldPrice: patch.oldPrice === undefined ? current.oldPrice : patch.oldPrice,
      stock: patch.stock ?? current.stock,
      storeUrl: patch.storeUrl ?? current.storeUrl,
      published: patch.published ?? current.published,
    };
    checkVariant(admin.org, next);
    const { pictures, fresh } = patch.pictures ? await this.pictures(admin, patch.pictures, knownPictures(goods)) : { pictures: current.pictures, fresh: [] };
    await this.lifecycle.removing(async (q, queue) => {
      await refuseRemoved(q, fresh);
      const repo = new ShopAdminRepo(q);
      const before = await repo.picturesOf('goods_variants', admin.org.id, id);
      if (!before || !(await repo.updateVariant(admin.org.id, id, { ...next, pictures }))) throw fail('not_found');
      await repo.touchGoods(goods.id);
      await queue.media(droppedPictures(before, pictures));
    });
    return this.goods(admin, goods.id);
  }

  async deleteVariant(admin: ShopAdmin, id: string): Promise<AdminGoods> {
    const goods = await this.goodsOfVariant(admin, id);
    await this.lifecycle.removing(async (q, queue) => {
      const repo = new ShopAdminRepo(q);
      const pictures = await repo.picturesOf('goods_variants', admin.org.id, id);
      if (!pictures || !(await repo.deleteVariant(admin.org.id, id))) throw fail('not_found');
      await repo.touchGoods(goods.id);
      await queue.media(pictures);
    });
    return this.goods(admin, goods.id);
  }

  async orderVariants(admin: ShopAdmin, goodsId: string, ids: string[]): Promise<AdminGoods> {
    await this.goods(admin, goodsId);
    await this.db.tx(async (q) => {
      const repo = new ShopAdminRepo(q);
      sameItems(await repo.idsInOrder('goods_variants', { orgId: admin.org.id, goodsId }), ids);
      await repo.setOrder('goods_variants', admin.org.id, ids);
      await repo.touchGoods(goodsId);
    });
    return this.goods(admin, goodsId);
  }

  private async goodsOfVariant(admin: ShopAdmin, variantId: string): Promise<AdminGoods> {
    const variant = await new ShopAdminRepo(this.db).findVariant(admin.org.id, variantId);
    if (!variant) throw fail('not_found');
    return this.goods(admin, variant.goods_id);
  }

  private async checkGoods(admin: ShopAdmin, goods: { categoryId: string; model: string | null; texts: PerLanguage<unknown> }) {
    if (!(await this.catalogue.category(admin.org.id, goods.categoryId))) throw invalid('body.categoryId', 'no such category in this organisation');
    if (goods.model !== null && !admin.org.models.some((m) => m.id === goods.model)) {
      throw invalid('body.model', `one of the organisation's models: ${admin.org.models.map((m) => m.id).join(', ')}`);
    }
    requireDefault(admin.org, goods.texts, 'body.texts');
  }

  private reading(admin: ShopAdmin) {
    return { orgId: admin.org.id, lang: admin.lang, fallback: admin.org.defaultLanguage };
  }

  /**
   * The pictures after a change, the new ones checked and rendered, and which are new: a new one
   * being deleted from storage is refused before rendering, and again in the transaction that
   * names it (refuseRemoved, under its owner's lock).
   */
  private async pictures(admin: ShopAdmin, claims: PictureClaim[], known: Media[]): Promise<{ pictures: Media[]; fresh: string[] }> {
    const fresh = freshPaths(claims, known);
    await refuseRemovedEarly(this.db, fresh);
    return { pictures: await resolvePictures(this.store, claims, known, this.uploads(admin)), fresh };
  }

  /** Where this admin's uploads live: the only place a new picture may come from. */
  private uploads(admin: ShopAdmin) {
    return userPrefix(admin.org.id, admin.staff.userId);
  }
}

/** The default language is what every other language falls back to: it must be there. */
function requireDefault(org: Organisation, values: PerLanguage<unknown>, path: string) {
  if (values[org.defaultLanguage] === undefined) {
    throw invalid(`${path}.${org.defaultLanguage}`, `the organisation's default language (${org.defaultLanguage}) is required: it is shown when a translation is missing`);
  }
}

function checkVariant(org: Organisation, variant: Pick<VariantBody, 'names' | 'price' | 'oldPrice'>) {
  requireDefault(org, variant.names, 'body.names');
  if (variant.oldPrice !== null && variant.oldPrice <= variant.price) throw invalid('body.oldPrice', 'the price before the discount: more than the price, or null');
}

/** A reorder names every item of the list once: anything else means the list changed meanwhile. */
function sameItems(current: string[], asked: string[]) {
  const set = new Set(asked);
  if (set.size !== asked.length || set.size !== current.length || current.some((id) => !set.has(id))) {
    throw fail('conflict', { data: { ids: current } });
  }
}

function cleanTexts(texts: PerLanguage<GoodsText>): PerLanguage<GoodsText> {
  return Object.fromEntries(
    Object.entries(texts).flatMap(([lang, text]) => (text ? [[lang, { ...text, description: sanitizeDescription(text.description) }]] : [])),
  );
}

function knownPictures(goods: AdminGoods) {
  return [...goods.pictures, ...goods.variants.flatMap((v) => v.pictures)];
}
