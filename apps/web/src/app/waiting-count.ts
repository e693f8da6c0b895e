import type { QueryClient } from '@tanstack/react-query';

/**
 * How many actions wait for the network, for the offline notice: the paused ones in the client,
 * and the ones set aside while /api/me says whose a new token is (app/waiting-action-store.ts):
 * they are out of the client meanwhile, but still the person's, still waiting.
 */
const asideCounts = new WeakMap<QueryClient, number>();
const listeners = new Set<() => void>();

export function setWaitingAside(client: QueryClient, count: number) {
  if ((asideCounts.get(client) ?? 0) === count) return;
  asideCounts.set(client, count);
  for (const listener of listeners) listener();
}

export function waitingCount(client: QueryClient) {
  const paused = client.getMutationCache().getAll().filter((m) => m.state.isPaused).length;
  return paused + (asideCounts.get(client) ?? 0);
}

/** Calls `changed` when the count may have changed; gives back the way to stop. */
export function watchWaiting(client: QueryClient, changed: () => void) {
  const unwatchCache = client.getMutationCache().subscribe(changed);
  listeners.add(changed);
  return () => {
    unwatchCache();
    listeners.delete(changed);
  };
}
