import { queryOptions, useQuery } from '@tanstack/react-query';
import type { GoodsCategory } from '@padhub/contracts';
import { api } from '@/platform/api/client.ts';
import { useContentLanguage } from '@/platform/hooks.ts';
import { goodsKeys } from '@/entities/goods/keys.ts';

const getCategories = () => api.get<{ items: GoodsCategory[] }>('/goods/categories');

/** Names come in the content language, so the language is part of the key. */
export const categoriesQuery = (lang: string) =>
  queryOptions({ queryKey: goodsKeys.categories(lang), queryFn: getCategories, staleTime: 5 * 60_000 });

export function useCategories() {
  return useQuery(categoriesQuery(useContentLanguage()));
}
