import type { QueryClient } from '@tanstack/react-query';
import { goodsKeys } from '@/entities/goods/keys.ts';
import { shopAdminKeys } from '@/features/shop/api/admin-keys.ts';
import { auditKeys } from '@/entities/audit/keys.ts';

/**
 * After any change an admin makes: the console's lists, what users see of the shop, and the
 * console's audit log (which now holds a line for the change; its key belongs to the moderation
 * feature, named here rather than imported: features do not import each other) ask again.
 */
export function afterShopChange(client: QueryClient) {
  return Promise.all([shopAdminKeys.all, goodsKeys.all, auditKeys.all].map((queryKey) => client.invalidateQueries({ queryKey })));
}
