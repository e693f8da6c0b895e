import type { Media } from '@padhub/contracts';
import type { Queryable } from '#server/db/client.ts';
import { ShopAdminRepo } from '#server/modules/shop/admin-repo.ts';
import { sanitizeDescription } from '#server/modules/shop/description.ts';
import type { ObjectStore } from '#server/storage/object-store.ts';
import { type CategoryKey, type SeedGoods, categories } from './catalogue.ts';
import type { Drawing } from './drawings.ts';
import { accessoryGoods } from './goods-accessories.ts';
import { controllerGoods } from './goods-controllers.ts';
import { partGoods } from './goods-parts.ts';
import { ProductPictures } from './pictures.ts';

export interface ShopSeed {
  orgId: string;
  otherOrgId: string;
  /** Where the product pictures go; without it the goods have none. */
  store?: ObjectStore;
}

/** The padhub shop: controllers, accessories and parts, in the four languages (one goods without Korean). */
const padhubGoods: SeedGoods[] = [...controllerGoods, ...accessoryGoods, ...partGoods];

/** Dollars for the other organisation: ¥599.00 becomes $59.99. */
const usd = (fen: number) => Math.round(fen / 1000) * 100 - 1;

/** A small shop in the other organisation (USD, English first), to show that nothing crosses. */
const otherGoods: SeedGoods[] = padhubGoods
  .filter((g) => ['pro-2', 'lite', 'carrying-case'].includes(g.slug))
  .map((g) => ({
    ...g,
    texts: { en: g.texts.en!, cn: g.texts.cn! },
    variants: g.variants.map((v) => ({ ...v, price: usd(v.price), oldPrice: v.oldPrice === undefined ? undefined : usd(v.oldPrice) })),
  }));

/** The seeded shops of both organisations, written through the admins' own repository. */
export async function seedShop(q: Queryable, seed: ShopSeed): Promise<void> {
  const pictures = seed.store ? new ProductPictures(seed.store) : undefined;
  await seedOrganisationShop(q, seed.orgId, padhubGoods, pictures);
  await seedOrganisationShop(q, seed.otherOrgId, otherGoods, pictures);
}

async function seedOrganisationShop(q: Queryable, orgId: string, goods: SeedGoods[], store: ProductPictures | undefined) {
  const repo = new ShopAdminRepo(q);
  const media = store ? await store.storeAll(orgId, drawingsOf(goods)) : new Map<string, Media>();
  const pictures = (names: string[]) => names.flatMap((name) => (media.has(name) ? [media.get(name)!] : []));
  const categoryIds = new Map<CategoryKey, string>();
  for (const category of categories) {
    if (goods.some((g) => g.category === category.key)) categoryIds.set(category.key, await repo.insertCategory(orgId, category.names, true));
  }
  for (const item of goods) {
    const goodsId = await repo.insertGoods(orgId, {
      categoryId: categoryIds.get(item.category)!,
      model: item.model ?? null,
      pictures: pictures(item.pictures.map((_, i) => `${item.slug}-${i}`)),
      published: !item.draft,
    });
    const texts = Object.fromEntries(Object.entries(item.texts).map(([lang, text]) => [lang, { ...text, description: sanitizeDescription(text.description) }]));
    await repo.replaceTexts(goodsId, texts);
    for (const variant of item.variants) {
      await repo.insertVariant(orgId, goodsId, {
        names: variant.names,
        price: variant.price,
        oldPrice: variant.oldPrice ?? null,
        stock: variant.stock ?? 'in_stock',
        storeUrl: `https://shop.padhub.example/${orgId}/${item.slug}/${variant.slug}`,
        pictures: pictures([`${item.slug}-${variant.slug}`]),
        published: true,
      });
    }
  }
}

/** Every picture of these goods by its name: `<goods>-<n>` for the goods' own, `<goods>-<variant>` for a variant's. */
function drawingsOf(goods: SeedGoods[]): Map<string, Drawing> {
  const drawings = new Map<string, Drawing>();
  for (const item of goods) {
    item.pictures.forEach((drawing, i) => drawings.set(`${item.slug}-${i}`, drawing));
    for (const variant of item.variants) if (variant.picture) drawings.set(`${item.slug}-${variant.slug}`, variant.picture);
  }
  return drawings;
}
