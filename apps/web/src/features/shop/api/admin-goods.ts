import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminGoods, AdminGoodsSummary, GoodsInput, GoodsPatch, GoodsPlacement, Page, VariantInput, VariantPatch } from '@padhub/contracts';
import { api } from '@/platform/api/client.ts';
import { afterShopChange } from './after-shop-change.ts';
import { shopAdminKeys } from '@/features/shop/api/admin-keys.ts';

/** The goods of one category in order, published or not, a page at a time. */
export const adminGoodsListQuery = (categoryId: string) =>
  infiniteQueryOptions({
    queryKey: shopAdminKeys.goodsList(categoryId),
    queryFn: ({ pageParam }) => api.get<Page<AdminGoodsSummary>>('/admin/goods', { query: { category: categoryId, cursor: pageParam } }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

export function useAdminGoodsList(categoryId: string) {
  return useInfiniteQuery(adminGoodsListQuery(categoryId));
}

const adminGoodsQuery = (id: string) => queryOptions({ queryKey: shopAdminKeys.goods(id), queryFn: () => api.get<AdminGoods>(`/admin/goods/${id}`) });

export function useAdminGoods(id: string | null) {
  return useQuery({ ...adminGoodsQuery(id ?? ''), enabled: id !== null });
}

/** Every change to goods and their variants; variant calls answer the whole goods. */
type GoodsChange =
  | { kind: 'create'; input: GoodsInput }
  | { kind: 'update'; id: string; patch: Omit<GoodsPatch, 'texts'> & { texts?: GoodsInput['texts'] } }
  | { kind: 'delete'; id: string }
  | { kind: 'place'; id: string; placement: GoodsPlacement }
  | { kind: 'create-variant'; goodsId: string; input: VariantInput }
  | { kind: 'update-variant'; id: string; patch: VariantPatch }
  | { kind: 'delete-variant'; id: string }
  | { kind: 'order-variants'; goodsId: string; ids: string[] };

function changeGoods(change: GoodsChange): Promise<unknown> {
  switch (change.kind) {
    case 'create':
      return api.post<AdminGoods>('/admin/goods', change.input);
    case 'update':
      return api.patch<AdminGoods>(`/admin/goods/${change.id}`, change.patch);
    case 'delete':
      return api.delete(`/admin/goods/${change.id}`);
    case 'place':
      return api.put(`/admin/goods/${change.id}/position`, change.placement);
    case 'create-variant':
      return api.post<AdminGoods>(`/admin/goods/${change.goodsId}/variants`, change.input);
    case 'update-variant':
      return api.patch<AdminGoods>(`/admin/goods-variants/${change.id}`, change.patch);
    case 'delete-variant':
      return api.delete<AdminGoods>(`/admin/goods-variants/${change.id}`);
    case 'order-variants':
      return api.put<AdminGoods>(`/admin/goods/${change.goodsId}/variants/order`, { ids: change.ids });
  }
}

export function useChangeGoods() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: changeGoods,
    onSettled: () => afterShopChange(client),
  });
}
