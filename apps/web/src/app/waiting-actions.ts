import type { QueryClient } from '@tanstack/react-query';
import { afterFirstScreen } from '@/platform/after-first-screen.ts';
import { readWaitingActions } from '@/platform/offline.ts';
import type { Kept } from './waiting-action-store.ts';

/** How many actions a record holds, the ones aside (app/waiting-action-store.ts) included. */
const count = (kept: Kept | null | undefined) => (kept ? kept.mutations.length + (kept.aside?.mutations.length ?? 0) : 0);

/** What the last visit kept of the actions that wait for the network (started at once, like the kept answers). */
const kept = readWaitingActions<Kept>();

/**
 * Before the first render: the last visit's waiting actions come back, when there are some. The
 * store that keeps them from now on (app/waiting-action-store.ts, with the code of every action
 * that waits, so that it is on the device before the network goes) loads then, or once the first
 * screen is done when there are none. A store that cannot load (offline, never loaded before) leaves the
 * kept ones for the next start and holds nothing up.
 */
export async function restoreWaitingActions(client: QueryClient) {
  const last = await kept;
  const start = () =>
    import('./waiting-action-store.ts').then(
      (store) => {
        if (last && count(last)) store.restoreWaitingActions(client, last);
        store.keepWaitingActionsOf(client);
      },
      () => undefined,
    );
  if (count(last)) await start();
  else afterFirstScreen(() => void start());
}
