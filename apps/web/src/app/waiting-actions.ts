import type { QueryClient } from '@tanstack/react-query';
import { readWaitingActions } from '@/platform/offline.ts';
import type { Kept } from './waiting-action-store.ts';

/** What the last visit kept of the actions that wait for the network (started at once, like the kept answers). */
const kept = readWaitingActions<Kept>();

/**
 * Before the first render: the last visit's waiting actions come back, when there are some; then
 * (not holding the first paint when there are none) the store that keeps them from now on
 * (app/waiting-action-store.ts).
 */
export async function restoreWaitingActions(client: QueryClient) {
  const last = await kept;
  const store = import('./waiting-action-store.ts');
  if (last?.mutations.length) await (await store).restoreWaitingActions(client, last);
  void store.then(({ keepWaitingActionsOf }) => keepWaitingActionsOf(client));
}
