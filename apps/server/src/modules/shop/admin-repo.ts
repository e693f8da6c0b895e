import type { GoodsText, Lang, Media, PerLanguage, StockState } from '@padhub/contracts';
import { textArray } from './catalogue-repo.ts';
import type { VariantRow } from './rows.ts';
import { Repo } from '#server/db/repo.ts';

export interface GoodsFields {
  categoryId: string;
  model: string | null;
  pictures: Media[];
  published: boolean;
}

export interface VariantFields {
  names: PerLanguage<string>;
  price: number;
  oldPrice: number | null;
  stock: StockState;
  storeUrl: string;
  pictures: Media[];
  published: boolean;
}

export interface LockedCategory {
  id: string;
  names: PerLanguage<string>;
  published: boolean;
}

export interface LockedGoods {
  id: string;
  category_id: string;
  model: string | null;
  pictures: Media[];
  published: boolean;
  position: number;
}

type Table = 'goods_categories' | 'goods' | 'goods_variants';

/** The admins' writes. Every statement names the organisation, so no id of another one ever matches. */
export class ShopAdminRepo extends Repo {
  async insertCategory(orgId: string, names: PerLanguage<string>, published: boolean): Promise<string> {
    const [row] = await this.q.query<{ id: string }>(
      `insert into goods_categories (org_id, names, published, position)
       values ($1, $2::jsonb, $3, (select coalesce(max(position) + 1, 0) from goods_categories where org_id = $1))
       returning id`,
      [orgId, JSON.stringify(names), published],
    );
    return row!.id;
  }

  async updateCategory(orgId: string, id: string, patch: { names?: PerLanguage<string>; published?: boolean }): Promise<boolean> {
    const rows = await this.q.query(
      `update goods_categories set names = coalesce($3::jsonb, names), published = coalesce($4, published), updated_at = now()
       where org_id = $1 and id = $2 returning id`,
      [orgId, id, patch.names === undefined ? null : JSON.stringify(patch.names), patch.published ?? null],
    );
    return rows.length > 0;
  }

  /** Deletes an empty category; answers false when it does not exist or still holds goods. */
  async deleteEmptyCategory(orgId: string, id: string): Promise<boolean> {
    const rows = await this.q.query(
      `delete from goods_categories c where c.org_id = $1 and c.id = $2
         and not exists (select 1 from goods g where g.category_id = c.id) returning id`,
      [orgId, id],
    );
    return rows.length > 0;
  }

  /** Ids of a list in its current order, locked until the transaction ends (a reorder reads, checks, writes). */
  async idsInOrder(table: Table, where: { orgId: string; categoryId?: string; goodsId?: string }): Promise<string[]> {
    const [column, value] = where.categoryId ? ['category_id', where.categoryId] : where.goodsId ? ['goods_id', where.goodsId] : [null, null];
    const rows = await this.q.query<{ id: string }>(
      `select id from ${table} where org_id = $1 ${column ? `and ${column} = $2` : ''} order by position, id for update`,
      column ? [where.orgId, value] : [where.orgId],
    );
    return rows.map((r) => r.id);
  }

  /** Positions 0, 1, 2… in the order given. */
  async setOrder(table: Table, orgId: string, ids: string[]): Promise<void> {
    await this.q.query(
      `update ${table} t set position = o.position - 1, updated_at = now()
       from unnest($2::bigint[]) with ordinality as o(id, position)
       where t.org_id = $1 and t.id = o.id`,
      [orgId, textArray(ids)],
    );
  }

  async insertGoods(orgId: string, fields: GoodsFields): Promise<string> {
    const [row] = await this.q.query<{ id: string }>(
      `insert into goods (org_id, category_id, model, pictures, published, position)
       values ($1, $2, $3, $4::jsonb, $5, (select coalesce(max(position) + 1, 0) from goods where category_id = $2))
       returning id`,
      [orgId, fields.categoryId, fields.model, JSON.stringify(fields.pictures), fields.published],
    );
    return row!.id;
  }

  /** Writes the fields; a goods moved to another category goes to the end of it. */
  async updateGoods(orgId: string, id: string, fields: GoodsFields): Promise<boolean> {
    const rows = await this.q.query(
      `update goods set
         position = case when category_id = $3 then position
           else (select coalesce(max(position) + 1, 0) from goods where category_id = $3) end,
         category_id = $3, model = $4, pictures = $5::jsonb, published = $6, updated_at = now()
       where org_id = $1 and id = $2 returning id`,
      [orgId, id, fields.categoryId, fields.model, JSON.stringify(fields.pictures), fields.published],
    );
    return rows.length > 0;
  }

  /** Replaces every text of a goods. */
  async replaceTexts(goodsId: string, texts: Partial<Record<Lang, GoodsText>>): Promise<void> {
    await this.q.query('delete from goods_texts where goods_id = $1', [goodsId]);
    for (const [lang, text] of Object.entries(texts)) {
      await this.q.query('insert into goods_texts (goods_id, lang, name, description, specs) values ($1, $2, $3, $4, $5::jsonb)', [
        goodsId,
        lang,
        text.name,
        text.description,
        JSON.stringify(text.specs),
      ]);
    }
  }

  /**
   * A category, locked until the transaction ends. `no key update` (edits, moves and reorders of
   * its goods) lets goods be added to it meanwhile; `update` (deleting it) waits for them and stops more.
   */
  async lockCategory(orgId: string, id: string, strength: 'no key update' | 'update' = 'no key update'): Promise<LockedCategory | undefined> {
    const lock = strength === 'update' ? 'for update' : 'for no key update';
    const [row] = await this.q.query<LockedCategory>(`select id, names, published from goods_categories where org_id = $1 and id = $2 ${lock}`, [orgId, id]);
    return row;
  }

  /**
   * A goods as it is before a change, locked until the transaction ends: what a change replaces or
   * a deletion removes (its pictures, what the audit line says changed) is read where it is written.
   */
  async lockGoods(orgId: string, id: string): Promise<LockedGoods | undefined> {
    const [row] = await this.q.query<LockedGoods>(
      'select id, category_id, model, pictures, published, position from goods where org_id = $1 and id = $2 for update',
      [orgId, id],
    );
    return row;
  }

  /** A variant as it is before a change, locked until the transaction ends (see lockGoods). */
  async lockVariant(orgId: string, id: string): Promise<VariantRow | undefined> {
    const [row] = await this.q.query<VariantRow>(
      `select id, goods_id, names, price, old_price, stock, store_url, pictures, published, position
       from goods_variants where org_id = $1 and id = $2 for update`,
      [orgId, id],
    );
    return row;
  }

  /**
   * Puts a goods right before or after another of its category, shifting the ones behind by two so
   * that no position is shared even where an older write left ties. The caller holds the category's lock.
   */
  async placeGoods(categoryId: string, id: string, anchor: { id: string; position: number }, side: 'before' | 'after'): Promise<void> {
    const behind = side === 'before' ? '>=' : '>';
    await this.q.query(`update goods set position = position + 2 where category_id = $1 and id <> $2 and (position, id) ${behind} ($3::int, $4::bigint)`, [
      categoryId,
      id,
      anchor.position,
      anchor.id,
    ]);
    await this.q.query('update goods set position = $3::int + 1, updated_at = now() where category_id = $1 and id = $2', [categoryId, id, anchor.position]);
  }

  /** The pictures of every variant of a goods (deleted with it). */
  async variantPictures(goodsId: string): Promise<Media[]> {
    const rows = await this.q.query<{ pictures: Media[] }>('select pictures from goods_variants where goods_id = $1 for update', [goodsId]);
    return rows.flatMap((r) => r.pictures);
  }

  async deleteGoods(orgId: string, id: string): Promise<boolean> {
    return (await this.q.query('delete from goods where org_id = $1 and id = $2 returning id', [orgId, id])).length > 0;
  }

  /** A change to a variant changes what its goods shows: the goods' updated_at says so. */
  async touchGoods(goodsId: string): Promise<void> {
    await this.q.query('update goods set updated_at = now() where id = $1', [goodsId]);
  }

  async insertVariant(orgId: string, goodsId: string, fields: VariantFields): Promise<string> {
    const [row] = await this.q.query<{ id: string }>(
      `insert into goods_variants (org_id, goods_id, names, price, old_price, stock, store_url, pictures, published, position)
       values ($1, $2, $3::jsonb, $4, $5, $6, $7, $8::jsonb, $9, (select coalesce(max(position) + 1, 0) from goods_variants where goods_id = $2))
       returning id`,
      [orgId, goodsId, JSON.stringify(fields.names), fields.price, fields.oldPrice, fields.stock, fields.storeUrl, JSON.stringify(fields.pictures), fields.published],
    );
    return row!.id;
  }

  async updateVariant(orgId: string, id: string, fields: VariantFields): Promise<boolean> {
    const rows = await this.q.query(
      `update goods_variants set names = $3::jsonb, price = $4, old_price = $5, stock = $6, store_url = $7, pictures = $8::jsonb,
         published = $9, updated_at = now()
       where org_id = $1 and id = $2 returning id`,
      [orgId, id, JSON.stringify(fields.names), fields.price, fields.oldPrice, fields.stock, fields.storeUrl, JSON.stringify(fields.pictures), fields.published],
    );
    return rows.length > 0;
  }

  async deleteVariant(orgId: string, id: string): Promise<boolean> {
    return (await this.q.query('delete from goods_variants where org_id = $1 and id = $2 returning id', [orgId, id])).length > 0;
  }

  /** The category a goods is in now (read without a lock: a move locks the category first, then the goods). */
  async categoryOfGoods(orgId: string, id: string): Promise<string | undefined> {
    const [row] = await this.q.query<{ category_id: string }>('select category_id from goods where org_id = $1 and id = $2', [orgId, id]);
    return row?.category_id;
  }

  async findVariant(orgId: string, id: string): Promise<{ id: string; goods_id: string } | undefined> {
    const [row] = await this.q.query<{ id: string; goods_id: string }>('select id, goods_id from goods_variants where org_id = $1 and id = $2', [orgId, id]);
    return row;
  }
}
