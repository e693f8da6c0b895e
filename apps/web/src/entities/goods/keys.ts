/** Every cache key of the shop as customers see it, from one place; `all` is the prefix of them all. */
export const goodsKeys = {
  all: ['goods'] as const,
  list: (lang: string, category: string | null | undefined) => [...goodsKeys.all, 'list', lang, category ?? 'all'] as const,
  categories: (lang: string) => [...goodsKeys.all, 'categories', lang] as const,
  detail: (lang: string, id: string) => [...goodsKeys.all, 'detail', lang, id] as const,
};
