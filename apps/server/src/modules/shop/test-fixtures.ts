import type { AdminCategory, AdminGoods, CategoryInput, GoodsInput, Role, VariantInput } from '@padhub/contracts';
import { type Actor, data, ORG, registerUser, type TestApp } from '#server-test/helper.ts';

/** A new account of the organisation with the given role, as the operators would set it up. */
export async function personWithRole(app: TestApp, role: Role, org = ORG): Promise<Actor> {
  const actor = await registerUser(app, { org });
  await app.db.query('update users set role = $2 where id = $1', [actor.id, role]);
  return actor;
}

/** Calls an admin route as `actor` (headers carry its organisation and token). */
export function asActor(app: TestApp, actor: { headers: Record<string, string> } | null, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object, lang = 'cn') {
  const headers = { ...(actor?.headers ?? { accorgid: ORG }), 'accept-language': lang };
  return app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
}

export async function createCategory(app: TestApp, admin: Actor, input: Partial<CategoryInput> = {}): Promise<AdminCategory> {
  return data(await asActor(app, admin, 'POST', '/api/admin/goods-categories', { names: { cn: '手柄', en: 'Controllers' }, ...input }));
}

export const variantInput = (overrides: Partial<VariantInput> = {}): VariantInput => ({
  names: { cn: '黑色', en: 'Black' },
  price: 19900,
  stock: 'in_stock',
  storeUrl: 'https://shop.padhub.example/x',
  ...overrides,
});

/** A goods with one variant, published (visible to users) unless told otherwise. */
export async function createGoods(
  app: TestApp,
  admin: Actor,
  categoryId: string,
  options: { goods?: Partial<GoodsInput>; variants?: Partial<VariantInput>[] } = {},
): Promise<AdminGoods> {
  const { goods: overrides = {}, variants = [{}] } = options;
  let goods: AdminGoods = data(
    await asActor(app, admin, 'POST', '/api/admin/goods', { categoryId, texts: { cn: { name: '手柄' }, en: { name: 'Controller' } }, published: true, ...overrides }),
  );
  for (const variant of variants) goods = data(await asActor(app, admin, 'POST', `/api/admin/goods/${goods.id}/variants`, variantInput(variant)));
  return goods;
}
