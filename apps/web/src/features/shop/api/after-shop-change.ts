import type { QueryClient } from '@tanstack/react-query';

/**
 * After any change an admin makes: the console's lists, what users see of the shop, and the
 * console's audit log (which now holds a line for the change; its key belongs to the moderation
 * feature, named here rather than imported: features do not import each other) ask again.
 */
export function afterShopChange(client: QueryClient) {
  return Promise.all([['shop-admin'], ['goods'], ['moderation', 'audit']].map((queryKey) => client.invalidateQueries({ queryKey })));
}
