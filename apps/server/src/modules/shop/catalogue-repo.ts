import { type Media, languagePreference } from '@padhub/contracts';
import type { Queryable } from '#server/db/client.ts';
import type { CategoryRow, GoodsRow, Reading, TextRow, VariantRow } from './rows.ts';
import { Repo } from '#server/db/repo.ts';

/**
 * What users may see of a goods: published, in a published category, with at least one published
 * variant (a goods without one has no price to show). The one definition, used by every read.
 */
const visible = `(g.published and c.published and exists (
  select 1 from goods_variants pv where pv.goods_id = g.id and pv.published))`;

/** A text[] literal of values that need no quoting (language codes, decimal ids), passed as one parameter. */
export const textArray = (values: readonly string[]) => `{${values.join(',')}}`;

/**
 * The goods columns with the one text the reader gets: the first language of the preference
 * (asked, default, the rest) that the goods has. `$2` is that preference.
 */
const goodsColumns = `g.id, g.category_id, c.position as category_position, g.model, g.pictures, g.published, g.position,
  ${visible} as visible, g.updated_at, t.lang as text_lang, t.name, t.description, t.specs`;
const withText = `join goods_categories c on c.id = g.category_id
  join lateral (select t.lang, t.name, t.description, t.specs from goods_texts t where t.goods_id = g.id
    order by array_position($2::text[], t.lang) limit 1) t on true`;

export interface GoodsPageQuery {
  categoryId?: string;
  /** The sort key of the last goods of the previous page: category position, category id, position, id. */
  after?: [string, string, string, string];
  limit: number;
}

/** Reads the catalogue: the Mall's lists and pages, and the admins' view of the same rows. */
export class CatalogueRepo extends Repo {
  /** Published categories that have something to show, in order. */
  categories(orgId: string): Promise<Pick<CategoryRow, 'id' | 'names'>[]> {
    return this.q.query(
      `select c.id, c.names from goods_categories c
       where c.org_id = $1 and c.published
         and exists (select 1 from goods g where g.category_id = c.id and ${visible})
       order by c.position, c.id`,
      [orgId],
    );
  }

  /**
   * One page of visible goods in the Mall's order (categories in order, goods in order inside
   * each), limit + 1 rows, after the given key. A keyset, so goods published or removed while
   * someone scrolls neither repeat nor get skipped.
   */
  page(reading: Reading, query: GoodsPageQuery): Promise<GoodsRow[]> {
    const [cp, cid, gp, gid] = query.after ?? [null, null, null, null];
    return this.q.query<GoodsRow>(
      `select ${goodsColumns} from goods g ${withText}
       where g.org_id = $1 and ${visible}
         and ($3::bigint is null or g.category_id = $3)
         and ($4::int is null or (c.position, c.id, g.position, g.id) > ($4::int, $5::bigint, $6::int, $7::bigint))
       order by c.position, c.id, g.position, g.id
       limit $8`,
      [reading.orgId, textArray(languagePreference(reading.lang, reading.fallback)), query.categoryId ?? null, cp, cid, gp, gid, query.limit + 1],
    );
  }

  /** A goods of the organisation with the reader's text; `onlyVisible` for users, all for admins. */
  async find(reading: Pick<Reading, 'orgId' | 'lang' | 'fallback'>, id: string, onlyVisible: boolean): Promise<GoodsRow | undefined> {
    const [row] = await this.q.query<GoodsRow>(
      `select ${goodsColumns} from goods g ${withText}
       where g.org_id = $1 and g.id = $3 ${onlyVisible ? `and ${visible}` : ''}`,
      [reading.orgId, textArray(languagePreference(reading.lang, reading.fallback)), id],
    );
    return row;
  }

  /**
   * The goods of one category, published or not, in order (the console's list): a page of limit + 1
   * rows after the key (position, id) when `page` is given, else all of them (a reorder's answer,
   * which names every one anyway).
   */
  inCategory(
    reading: Pick<Reading, 'orgId' | 'lang' | 'fallback'>,
    categoryId: string,
    page?: { after?: [position: string, id: string]; limit: number },
  ): Promise<GoodsRow[]> {
    const [position, id] = page?.after ?? [null, null];
    return this.q.query<GoodsRow>(
      `select ${goodsColumns} from goods g ${withText}
       where g.org_id = $1 and g.category_id = $3
         and ($4::int is null or (g.position, g.id) > ($4::int, $5::bigint))
       order by g.position, g.id
       limit $6`,
      [reading.orgId, textArray(languagePreference(reading.lang, reading.fallback)), categoryId, position, id, page ? page.limit + 1 : null],
    );
  }

  /** The variants of these goods in order, all or the published only. */
  variantsOf(goodsIds: string[], onlyPublished: boolean): Promise<VariantRow[]> {
    if (goodsIds.length === 0) return Promise.resolve([]);
    return this.q.query<VariantRow>(
      `select id, goods_id, names, price, old_price, stock, store_url, pictures, published, position
       from goods_variants where goods_id = any($1::bigint[]) ${onlyPublished ? 'and published' : ''}
       order by goods_id, position, id`,
      [textArray(goodsIds)],
    );
  }

  texts(goodsId: string): Promise<TextRow[]> {
    return this.q.query<TextRow>('select lang, name, description, specs from goods_texts where goods_id = $1 order by lang', [goodsId]);
  }

  async category(orgId: string, id: string): Promise<CategoryRow | undefined> {
    const [row] = await this.q.query<CategoryRow>(
      `select c.id, c.names, c.published, c.position, (select count(*)::int from goods g where g.category_id = c.id) as goods_count
       from goods_categories c where c.org_id = $1 and c.id = $2`,
      [orgId, id],
    );
    return row;
  }

  /** Every category of the organisation, published or not, with how many goods each holds. */
  allCategories(orgId: string): Promise<CategoryRow[]> {
    return this.q.query<CategoryRow>(
      `select c.id, c.names, c.published, c.position, (select count(*)::int from goods g where g.category_id = c.id) as goods_count
       from goods_categories c where c.org_id = $1 order by c.position, c.id`,
      [orgId],
    );
  }
}

/** Every goods and variant picture of the organisation, published or not (they name stored objects). */
export async function organisationPictures(q: Queryable, orgId: string): Promise<Media[]> {
  const rows = await q.query<{ pictures: Media[] }>('select pictures from goods where org_id = $1 union all select pictures from goods_variants where org_id = $1', [
    orgId,
  ]);
  return rows.flatMap((row) => row.pictures);
}

/** The names of the organisation's goods among `ids`, each in the first of `langs` it has (the console's insights name goods by them). */
export async function goodsNames(q: Queryable, orgId: string, ids: readonly string[], langs: readonly string[]): Promise<Map<string, string>> {
  const rows = await q.query<{ id: string; name: string }>(
    `select g.id, t.name from goods g
     join lateral (select t.name from goods_texts t where t.goods_id = g.id order by array_position($3::text[], t.lang), t.lang limit 1) t on true
     where g.org_id = $1 and g.id = any($2::bigint[])`,
    [orgId, ids.filter((id) => /^\d+$/u.test(id)), langs],
  );
  return new Map(rows.map((r) => [String(r.id), r.name]));
}
