import type { AdminCategory, CategoryPatch, categoryInputSchema } from '@padhub/contracts';
import type { z } from 'zod';
import type { Db } from '#server/db/client.ts';
import { fail } from '#server/lib/errors.ts';
import { changesOf, editAction, logShop } from './admin-audit.ts';
import { type ShopAdminRepo } from './admin-repo.ts';
import { requireDefault, sameItems } from './admin-rules.ts';
import type { ShopAdmin } from './admin-rules.ts';
import { type CatalogueRepo } from './catalogue-repo.ts';
import { toAdminCategory } from './rows.ts';

type CategoryBody = z.output<typeof categoryInputSchema>;

/**
 * The admins' categories: created, renamed, published and unpublished, reordered, deleted when
 * empty. Each change writes its audit line in its own transaction, as goods do (admin-goods.ts).
 */
export class CategoryAdminService {
  private readonly catalogue: CatalogueRepo;
  private readonly admin: ShopAdminRepo;

  constructor(
    private readonly db: Db,
    repos: { catalogue: CatalogueRepo; shopAdmin: ShopAdminRepo },
  ) {
    this.catalogue = repos.catalogue;
    this.admin = repos.shopAdmin;
  }

  async list(admin: ShopAdmin): Promise<{ items: AdminCategory[] }> {
    return { items: (await this.catalogue.allCategories(admin.org.id)).map(toAdminCategory) };
  }

  async create(admin: ShopAdmin, input: CategoryBody): Promise<AdminCategory> {
    requireDefault(admin.org, input.names, 'body.names');
    const id = await this.db.tx(async (q) => {
      const categoryId = await this.admin.on(q).insertCategory(admin.org.id, input.names, input.published);
      const detail = { published: input.published };
      await logShop(q, admin.staff, { action: 'create_category', targetType: 'goods_category', targetId: categoryId, targetNames: input.names, detail });
      return categoryId;
    });
    return this.category(admin, id);
  }

  async update(admin: ShopAdmin, id: string, patch: CategoryPatch): Promise<AdminCategory> {
    if (patch.names) requireDefault(admin.org, patch.names, 'body.names');
    await this.db.tx(async (q) => {
      const repo = this.admin.on(q);
      const before = await repo.lockCategory(admin.org.id, id);
      if (!before || !(await repo.updateCategory(admin.org.id, id, patch))) throw fail('not_found');
      const names = patch.names ?? before.names;
      await logShop(q, admin.staff, {
        action: editAction('category', before.published, patch.published ?? before.published),
        targetType: 'goods_category',
        targetId: id,
        targetNames: names,
        detail: changesOf({ names: [before.names, names] }),
      });
    });
    return this.category(admin, id);
  }

  async delete(admin: ShopAdmin, id: string): Promise<void> {
    await this.db.tx(async (q) => {
      const repo = this.admin.on(q);
      // Locked against new goods too: the category is empty when it goes.
      const before = await repo.lockCategory(admin.org.id, id, 'update');
      if (!before) throw fail('not_found');
      if (!(await repo.deleteEmptyCategory(admin.org.id, id))) throw fail('category_not_empty');
      await logShop(q, admin.staff, { action: 'delete_category', targetType: 'goods_category', targetId: id, targetNames: before.names });
    });
  }

  async order(admin: ShopAdmin, ids: string[]): Promise<{ items: AdminCategory[] }> {
    await this.db.tx(async (q) => {
      const repo = this.admin.on(q);
      sameItems(await repo.idsInOrder('goods_categories', { orgId: admin.org.id }), ids);
      await repo.setOrder('goods_categories', admin.org.id, ids);
      await logShop(q, admin.staff, { action: 'reorder_categories', targetType: 'shop', targetId: null, detail: { ids } });
    });
    return this.list(admin);
  }

  private async category(admin: ShopAdmin, id: string): Promise<AdminCategory> {
    const row = await this.catalogue.category(admin.org.id, id);
    if (!row) throw fail('not_found');
    return toAdminCategory(row);
  }
}
