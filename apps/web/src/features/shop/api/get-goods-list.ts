import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { GoodsCard, Page } from '@padhub/contracts';
import { api } from '@/platform/api/client.ts';
import { useContentLanguage } from '@/platform/hooks.ts';
import { goodsKeys } from '@/entities/goods/keys.ts';

/** `category` null: every category, in the organisation's order. */
const getGoodsList = (category: string | null, cursor: string | null) =>
  api.get<Page<GoodsCard>>('/goods', { query: { category, cursor } });

export const goodsListQuery = (category: string | null, lang: string) =>
  infiniteQueryOptions({
    queryKey: goodsKeys.list(lang, category),
    queryFn: ({ pageParam }) => getGoodsList(category, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

export function useGoodsList(category: string | null) {
  return useInfiniteQuery(goodsListQuery(category, useContentLanguage()));
}
