import type {
  AdminGoods,
  AdminGoodsQuery,
  AdminGoodsSummary,
  GoodsOrderInput,
  GoodsPatch,
  GoodsPlacement,
  Page,
  PerLanguage,
  goodsInputSchema,
} from '@padhub/contracts';
import type { z } from 'zod';
import type { Db } from '#server/db/client.ts';
import { fail } from '#server/lib/errors.ts';
import { decodeCursor, encodeCursor, invalidCursor, pageOf } from '#server/lib/cursor.ts';
import type { ObjectStore } from '#server/storage/object-store.ts';
import type { MediaLifecycle } from '#server/modules/media-lifecycle/public.ts';
import { changesOf, editAction, goodsNames, logShop, namesOf, picturePaths } from './admin-audit.ts';
import { type ShopAdminRepo } from './admin-repo.ts';
import { type ShopAdmin, cleanTexts, invalid, knownPictures, readingOf, requireDefault, sameItems } from './admin-rules.ts';
import { type CatalogueRepo } from './catalogue-repo.ts';
import { sanitizeDescription } from './description.ts';
import { claimPictures, droppedPictures } from './pictures.ts';
import { type GoodsRow, textsOf, toAdminGoods, toAdminSummary } from './rows.ts';
import { byGoods } from './service.ts';

type GoodsBody = z.output<typeof goodsInputSchema>;

/**
 * The admins' goods (categories: admin-categories.ts; variants: admin-variants.ts), created,
 * edited, reordered, moved, published and unpublished. Rules that keep every page readable live
 * here: the organisation's default language is always written (it is what other languages fall
 * back to), a model is one the organisation offers, descriptions are sanitised before they are
 * stored, and new pictures are the admin's own checked uploads.
 *
 * Every change writes its line in the organisation's audit log in its own transaction (admin-audit.ts):
 * no change is committed without its line, and no line without its change.
 */
export class GoodsAdminService {
  private readonly catalogue: CatalogueRepo;
  private readonly admin: ShopAdminRepo;

  constructor(
    private readonly db: Db,
    repos: { catalogue: CatalogueRepo; shopAdmin: ShopAdminRepo },
    private readonly store: ObjectStore,
    private readonly lifecycle: MediaLifecycle,
  ) {
    this.catalogue = repos.catalogue;
    this.admin = repos.shopAdmin;
  }

  /** A page of a category's goods in order; the cursor belongs to its category. */
  async goodsList(admin: ShopAdmin, query: AdminGoodsQuery): Promise<Page<AdminGoodsSummary>> {
    if (!(await this.catalogue.category(admin.org.id, query.category))) throw fail('not_found');
    let after: [string, string] | undefined;
    if (query.cursor !== undefined) {
      const [categoryId, position, id] = decodeCursor('admin-goods', query.cursor, ['bigint', 'int', 'bigint']) as [string, string, string];
      if (categoryId !== query.category) throw invalidCursor();
      after = [position, id];
    }
    const rows = await this.catalogue.inCategory(readingOf(admin), query.category, { after, limit: query.limit });
    const page = pageOf(rows, query.limit, (row) => row, (row) => encodeCursor('admin-goods', [row.category_id, row.position, row.id]));
    return { items: await this.summaries(page.items), nextCursor: page.nextCursor };
  }

  async goods(admin: ShopAdmin, id: string): Promise<AdminGoods> {
    const row = await this.catalogue.find(readingOf(admin), id, false);
    if (!row) throw fail('not_found');
    const [texts, variants] = await Promise.all([this.catalogue.texts(id), this.catalogue.variantsOf([id], false)]);
    return toAdminGoods(row, texts, variants, sanitizeDescription);
  }

  async createGoods(admin: ShopAdmin, input: GoodsBody): Promise<AdminGoods> {
    await this.checkGoods(admin, input);
    const { pictures, fresh } = await claimPictures(this.lifecycle, this.store, admin, input.pictures, []);
    const id = await this.db.tx(async (q) => {
      await this.lifecycle.refuseRemoved(q, fresh);
      const repo = this.admin.on(q);
      await this.lockCategoryOf(repo, admin, input.categoryId);
      const goodsId = await repo.insertGoods(admin.org.id, { ...input, pictures });
      const texts = cleanTexts(input.texts);
      await repo.replaceTexts(goodsId, texts);
      const detail = { categoryId: input.categoryId, published: input.published };
      await logShop(q, admin.staff, { action: 'create_goods', targetType: 'goods', targetId: goodsId, targetNames: namesOf(texts), detail });
      return goodsId;
    });
    return this.goods(admin, id);
  }

  /** Changes the fields sent; `texts`, when sent, replaces every text (a language left out is removed). */
  async updateGoods(admin: ShopAdmin, id: string, patch: GoodsPatch): Promise<AdminGoods> {
    const current = await this.goods(admin, id);
    await this.checkGoods(admin, {
      categoryId: patch.categoryId ?? current.categoryId,
      model: patch.model === undefined ? current.model : patch.model,
      texts: patch.texts ?? current.texts,
    });
    const claimed = patch.pictures ? await claimPictures(this.lifecycle, this.store, admin, patch.pictures, knownPictures(current)) : null;
    await this.lifecycle.removing(async (q, queue) => {
      // Every picture the goods is to name, the ones it had included: one removed meanwhile (by
      // another admin's change) is refused rather than named after its file is gone.
      await this.lifecycle.refuseRemoved(q, claimed ? picturePaths(claimed.pictures) : []);
      const repo = this.admin.on(q);
      if (patch.categoryId) await this.lockCategoryOf(repo, admin, patch.categoryId);
      const before = await repo.lockGoods(admin.org.id, id);
      if (!before) throw fail('not_found');
      // What the patch leaves out is taken from the row as locked, not as read before: another
      // admin's change that committed meanwhile stays (and its pictures are not dropped).
      const next = {
        categoryId: patch.categoryId ?? before.category_id,
        model: patch.model === undefined ? before.model : patch.model,
        published: patch.published ?? before.published,
        pictures: claimed ? claimed.pictures : before.pictures,
      };
      const textsBefore = textsOf(await this.catalogue.on(q).texts(id));
      await repo.updateGoods(admin.org.id, id, next);
      const texts = patch.texts ? cleanTexts(patch.texts) : textsBefore;
      if (patch.texts) await repo.replaceTexts(id, texts);
      await queue.media(droppedPictures(before.pictures, next.pictures));
      await logShop(q, admin.staff, {
        action: editAction('goods', before.published, next.published),
        targetType: 'goods',
        targetId: id,
        targetNames: namesOf(texts),
        detail: changesOf({
          category: [before.category_id, next.categoryId],
          model: [before.model, next.model],
          texts: [textsBefore, texts],
          pictures: [picturePaths(before.pictures), picturePaths(next.pictures)],
        }),
      });
    });
    return this.goods(admin, id);
  }

  /** Deletes the goods and its variants, and their pictures from storage (but those something else shows). */
  async deleteGoods(admin: ShopAdmin, id: string): Promise<void> {
    await this.lifecycle.removing(async (q, queue) => {
      const repo = this.admin.on(q);
      const before = await repo.lockGoods(admin.org.id, id);
      if (!before) throw fail('not_found');
      const names = await goodsNames(this.catalogue.on(q), id);
      const variants = await repo.variantPictures(id);
      if (!(await repo.deleteGoods(admin.org.id, id))) throw fail('not_found');
      await queue.media([...before.pictures, ...variants]);
      await logShop(q, admin.staff, { action: 'delete_goods', targetType: 'goods', targetId: id, targetNames: names, detail: { categoryId: before.category_id } });
    });
  }

  /** The whole new order of a category (a small one: the console moves goods one at a time, `placeGoods`). */
  async orderGoods(admin: ShopAdmin, input: GoodsOrderInput): Promise<{ items: AdminGoodsSummary[] }> {
    await this.db.tx(async (q) => {
      const repo = this.admin.on(q);
      // Reorders and moves of one category take its lock first, then its goods: one lock order, no deadlocks.
      const category = await repo.lockCategory(admin.org.id, input.categoryId);
      if (!category) throw fail('not_found');
      sameItems(await repo.idsInOrder('goods', { orgId: admin.org.id, categoryId: input.categoryId }), input.ids);
      await repo.setOrder('goods', admin.org.id, input.ids);
      const detail = { ids: input.ids };
      await logShop(q, admin.staff, { action: 'reorder_goods', targetType: 'goods_category', targetId: input.categoryId, targetNames: category.names, detail });
    });
    return { items: await this.summaries(await this.catalogue.inCategory(readingOf(admin), input.categoryId)) };
  }

  /** Puts a goods right before or after another of its category; refused (conflict) when that one is elsewhere now. */
  async placeGoods(admin: ShopAdmin, id: string, placement: GoodsPlacement): Promise<void> {
    const [side, anchorId] = 'before' in placement ? (['before', placement.before] as const) : (['after', placement.after] as const);
    await this.db.tx(async (q) => {
      const repo = this.admin.on(q);
      const categoryId = await repo.categoryOfGoods(admin.org.id, id);
      if (!categoryId) throw fail('not_found');
      await repo.lockCategory(admin.org.id, categoryId);
      const goods = await repo.lockGoods(admin.org.id, id);
      if (!goods) throw fail('not_found');
      const anchor = anchorId === id ? undefined : await repo.lockGoods(admin.org.id, anchorId);
      // Moved to another category meanwhile, or the other one was: the admin's list is out of date.
      if (goods.category_id !== categoryId || anchor?.category_id !== categoryId) throw fail('conflict');
      await repo.placeGoods(categoryId, id, anchor, side);
      const names = await goodsNames(this.catalogue.on(q), id);
      await logShop(q, admin.staff, { action: 'move_goods', targetType: 'goods', targetId: id, targetNames: names, detail: { categoryId, [side]: anchorId } });
    });
  }

  private async summaries(rows: GoodsRow[]): Promise<AdminGoodsSummary[]> {
    const variants = byGoods(await this.catalogue.variantsOf(rows.map((r) => r.id), false));
    return rows.map((row) => toAdminSummary(row, variants.get(row.id) ?? []));
  }

  private async checkGoods(admin: ShopAdmin, goods: { categoryId: string; model: string | null; texts: PerLanguage<unknown> }) {
    if (!(await this.catalogue.category(admin.org.id, goods.categoryId))) throw noSuchCategory();
    if (goods.model !== null && !admin.org.models.some((m) => m.id === goods.model)) {
      throw invalid('body.model', `one of the organisation's models: ${admin.org.models.map((m) => m.id).join(', ')}`);
    }
    requireDefault(admin.org, goods.texts, 'body.texts');
  }

  /**
   * The category goods go into, locked (category before goods, the order reorders take): deleted
   * meanwhile, it is refused as the pre-check would have; kept, no insert races for its last place.
   */
  private async lockCategoryOf(repo: ShopAdminRepo, admin: ShopAdmin, categoryId: string) {
    if (!(await repo.lockCategory(admin.org.id, categoryId))) throw noSuchCategory();
  }
}

const noSuchCategory = () => invalid('body.categoryId', 'no such category in this organisation');
