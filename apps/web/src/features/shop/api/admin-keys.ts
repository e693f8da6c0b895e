/** The shop console's cache keys; `all` is their common prefix. */
export const shopAdminKeys = {
  all: ['shop-admin'] as const,
  categories: () => [...shopAdminKeys.all, 'categories'] as const,
  goodsList: (categoryId: string) => [...shopAdminKeys.all, 'goods-list', categoryId] as const,
  goods: (id: string) => [...shopAdminKeys.all, 'goods', id] as const,
};
