import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Goods } from '@padhub/contracts';
import { api } from '@/platform/api/client.ts';
import { useContentLanguage } from '@/platform/hooks.ts';
import { goodsKeys } from '@/entities/goods/keys.ts';

const getGoods = (id: string) => api.get<Goods>(`/goods/${encodeURIComponent(id)}`);

const goodsQuery = (id: string, lang: string) => queryOptions({ queryKey: goodsKeys.detail(lang, id), queryFn: () => getGoods(id) });

export function useGoods(id: string) {
  return useQuery({ ...goodsQuery(id, useContentLanguage()), enabled: id !== '' });
}
