import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminCategory, CategoryInput, CategoryPatch } from '@padhub/contracts';
import { api } from '@/platform/api/client.ts';
import { afterShopChange } from './after-shop-change.ts';
import { shopAdminKeys } from '@/features/shop/api/admin-keys.ts';

/** The console's categories: all of them, published or not, with their names in every language. */
const adminCategoriesQuery = () =>
  queryOptions({ queryKey: shopAdminKeys.categories(), queryFn: () => api.get<{ items: AdminCategory[] }>('/admin/goods-categories') });

export function useAdminCategories() {
  return useQuery(adminCategoriesQuery());
}

type CategoryChange =
  | { kind: 'create'; input: CategoryInput }
  | { kind: 'update'; id: string; patch: CategoryPatch }
  | { kind: 'delete'; id: string }
  | { kind: 'order'; ids: string[] };

function changeCategory(change: CategoryChange): Promise<unknown> {
  switch (change.kind) {
    case 'create':
      return api.post('/admin/goods-categories', change.input);
    case 'update':
      return api.patch(`/admin/goods-categories/${change.id}`, change.patch);
    case 'delete':
      return api.delete(`/admin/goods-categories/${change.id}`);
    case 'order':
      return api.put('/admin/goods-categories/order', { ids: change.ids });
  }
}

/** Any change: the console's lists, what users see of the shop and the audit log ask again. */
export function useChangeCategory() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: changeCategory,
    onSettled: () => afterShopChange(client),
  });
}
