import type { AdminGoods, VariantPatch, variantInputSchema } from '@padhub/contracts';
import type { z } from 'zod';
import type { Db } from '#server/db/client.ts';
import { fail } from '#server/lib/errors.ts';
import type { ObjectStore } from '#server/storage/object-store.ts';
import type { MediaLifecycle } from '#server/modules/media-lifecycle/public.ts';
import type { GoodsAdminService } from './admin-goods.ts';
import { changesOf, editAction, logShop, namesOf, picturePaths, variantNames } from './admin-audit.ts';
import { type ShopAdminRepo } from './admin-repo.ts';
import { type ShopAdmin, checkVariant, knownPictures, merged, sameItems } from './admin-rules.ts';
import { claimPictures, droppedPictures } from './pictures.ts';

type VariantBody = z.output<typeof variantInputSchema>;

/**
 * The admins' variants of a goods: created, edited, reordered, deleted. Each call answers its whole
 * goods, as the editor shows it. A discount's old price is above the price, the default language's
 * name is always written, and new pictures are the admin's own checked uploads. Every change
 * writes its audit line in its own transaction, as goods do (admin-goods.ts).
 */
export class VariantAdminService {
  constructor(
    private readonly db: Db,
    private readonly repos: { shopAdmin: ShopAdminRepo },
    private readonly store: ObjectStore,
    private readonly lifecycle: MediaLifecycle,
    private readonly goodsAdmin: GoodsAdminService,
  ) {}

  async createVariant(admin: ShopAdmin, goodsId: string, input: VariantBody): Promise<AdminGoods> {
    const goods = await this.goodsAdmin.goods(admin, goodsId);
    checkVariant(admin.org, input);
    const { pictures } = await claimPictures(this.lifecycle, this.store, admin, input.pictures, knownPictures(goods));
    await this.db.tx(async (q) => {
      // Every picture, the goods' own included (as updateVariant does): one another admin removed
      // meanwhile is refused rather than named after its file is queued for deletion.
      await this.lifecycle.refuseRemoved(q, picturePaths(pictures));
      const repo = this.repos.shopAdmin.on(q);
      // Deleted meanwhile: not found, rather than the variant failing its foreign key.
      if (!(await repo.lockGoods(admin.org.id, goodsId))) throw fail('not_found');
      const variantId = await repo.insertVariant(admin.org.id, goodsId, { ...input, pictures });
      await repo.touchGoods(goodsId);
      const targetNames = variantNames(namesOf(goods.texts), input.names, admin.org.defaultLanguage);
      await logShop(q, admin.staff, { action: 'create_variant', targetType: 'goods_variant', targetId: variantId, targetNames, detail: { goodsId, published: input.published } });
    });
    return this.goodsAdmin.goods(admin, goodsId);
  }

  async updateVariant(admin: ShopAdmin, id: string, patch: VariantPatch): Promise<AdminGoods> {
    const goods = await this.goodsOfVariant(admin, id);
    const current = goods.variants.find((v) => v.id === id)!;
    checkVariant(admin.org, merged(patch, { names: current.names, price: current.price, oldPrice: current.oldPrice }));
    const claimed = patch.pictures ? await claimPictures(this.lifecycle, this.store, admin, patch.pictures, knownPictures(goods)) : null;
    await this.lifecycle.removing(async (q, queue) => {
      await this.lifecycle.refuseRemoved(q, claimed ? picturePaths(claimed.pictures) : []);
      const repo = this.repos.shopAdmin.on(q);
      const before = await repo.lockVariant(admin.org.id, id);
      if (!before) throw fail('not_found');
      // As for goods: what the patch leaves out comes from the locked row, and the whole is
      // checked again, since a price changed meanwhile may no longer sit under the old price sent.
      const next = {
        ...merged(patch, { names: before.names, price: before.price, oldPrice: before.old_price }),
        stock: patch.stock ?? before.stock,
        storeUrl: patch.storeUrl ?? before.store_url,
        published: patch.published ?? before.published,
        pictures: claimed ? claimed.pictures : before.pictures,
      };
      checkVariant(admin.org, next);
      if (!(await repo.updateVariant(admin.org.id, id, next))) throw fail('not_found');
      await repo.touchGoods(goods.id);
      await queue.media(droppedPictures(before.pictures, next.pictures));
      const changes = changesOf({
        names: [before.names, next.names],
        price: [before.price, next.price],
        oldPrice: [before.old_price, next.oldPrice],
        stock: [before.stock, next.stock],
        storeUrl: [before.store_url, next.storeUrl],
        pictures: [picturePaths(before.pictures), picturePaths(next.pictures)],
      });
      await logShop(q, admin.staff, {
        action: editAction('variant', before.published, next.published),
        targetType: 'goods_variant',
        targetId: id,
        targetNames: variantNames(namesOf(goods.texts), next.names, admin.org.defaultLanguage),
        detail: { goodsId: goods.id, ...changes },
      });
    });
    return this.goodsAdmin.goods(admin, goods.id);
  }

  async deleteVariant(admin: ShopAdmin, id: string): Promise<AdminGoods> {
    const goods = await this.goodsOfVariant(admin, id);
    await this.lifecycle.removing(async (q, queue) => {
      const repo = this.repos.shopAdmin.on(q);
      const before = await repo.lockVariant(admin.org.id, id);
      if (!before || !(await repo.deleteVariant(admin.org.id, id))) throw fail('not_found');
      await repo.touchGoods(goods.id);
      await queue.media(before.pictures);
      const targetNames = variantNames(namesOf(goods.texts), before.names, admin.org.defaultLanguage);
      await logShop(q, admin.staff, { action: 'delete_variant', targetType: 'goods_variant', targetId: id, targetNames, detail: { goodsId: goods.id } });
    });
    return this.goodsAdmin.goods(admin, goods.id);
  }

  async orderVariants(admin: ShopAdmin, goodsId: string, ids: string[]): Promise<AdminGoods> {
    const goods = await this.goodsAdmin.goods(admin, goodsId);
    await this.db.tx(async (q) => {
      const repo = this.repos.shopAdmin.on(q);
      sameItems(await repo.idsInOrder('goods_variants', { orgId: admin.org.id, goodsId }), ids);
      await repo.setOrder('goods_variants', admin.org.id, ids);
      await repo.touchGoods(goodsId);
      await logShop(q, admin.staff, { action: 'reorder_variants', targetType: 'goods', targetId: goodsId, targetNames: namesOf(goods.texts), detail: { ids } });
    });
    return this.goodsAdmin.goods(admin, goodsId);
  }

  private async goodsOfVariant(admin: ShopAdmin, variantId: string): Promise<AdminGoods> {
    const variant = await this.repos.shopAdmin.findVariant(admin.org.id, variantId);
    if (!variant) throw fail('not_found');
    return this.goodsAdmin.goods(admin, variant.goods_id);
  }
}
