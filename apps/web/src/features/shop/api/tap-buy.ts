import { api } from '@/platform/api/client.ts';
import { useSession } from '@/platform/session.ts';

/**
 * Tells the server someone signed in tapped "buy" (the console's insights count it once a person
 * a day: docs/insights.md, "Usage"). Never waits and never fails the tap: the store opens anyway.
 */
export function tapBuy(goodsId: string): void {
  if (useSession.getState().token === null) return;
  void api.post(`/goods/${goodsId}/buy-taps`).catch(() => undefined);
}
