import { useSyncExternalStore } from 'react';
import { useSession } from '@/platform/session.ts';
import { restartLists } from '@/platform/api/refresh-lists.ts';
import { useOnline } from '@/platform/offline.ts';
import { afterFirstScreen } from '@/platform/after-first-screen.ts';
import { onLive, startLive } from '@/platform/live.ts';
import { AppFrame, type AppFrameProps } from './app-frame.tsx';
import { seedFirstScreen } from './first-screen.ts';
import { keepQueriesOf, restoreKeptQueries } from './kept-queries.ts';
import { restoreWaitingActions } from './waiting-actions.ts';
import { afterTakeover } from '@/platform/hydration.ts';
import { waitingCount, watchWaiting } from './waiting-count.ts';
import { createQueryClient } from './query-client.ts';
import { AppRoutes } from './router.tsx';

const queryClient = createQueryClient();
const countWaiting = () => waitingCount(queryClient);
const watchCount = (changed: () => void) => watchWaiting(queryClient, changed);

// Logging in or out changes what every answer says (liked, favourited, my pages): ask again.
useSession.subscribe((state, previous) => {
  if (state.token !== previous.token) void restartLists(queryClient);
});

keepQueriesOf(queryClient);

// The live stream opens once the first screen is done (nothing of it is needed to draw it); after
// a gap longer than it can replay, every answer on screen is asked again.
onLive('reset', () => void queryClient.invalidateQueries());
afterFirstScreen(startLive);
// Pages loaded ahead of the tap that opens them (route-preload.ts), its code after the first screen too.
afterFirstScreen(() => void import('./route-preload.ts').then((m) => m.startRoutePreload(queryClient)));

/**
 * Before the first render, once the host has answered: what the last visit kept (its answers, and
 * the actions that wait for the network), then the data the HTML brought (newer, when there is a
 * network to bring it). When the page takes over the server's markup (`drawn`), the first render
 * must be the drawing: the data the HTML brought alone, and what the last visit kept once the
 * drawn parts are alive (platform/hydration.ts).
 */
export async function prepareFirstScreen(drawn: boolean) {
  const restore = async () => {
    await restoreKeptQueries(queryClient);
    await restoreWaitingActions(queryClient);
  };
  if (!drawn) await restore();
  seedFirstScreen(queryClient, drawn ? afterTakeover : (run) => run());
  if (drawn) afterTakeover(() => void restore());
}

/** `drawn`: the server's markup the page hydrates (app-frame.tsx), null when it renders afresh. */
export function App({ drawn }: { drawn: AppFrameProps['drawn'] }) {
  const statusBarHeight = useSession((s) => s.statusBarHeight);
  const lang = useSession((s) => s.lang);
  const online = useOnline();
  // The actions that wait for the network (platform/api/wait-for-network.ts), those set aside included.
  // The server draws none (server-render.tsx): the page hydrates so, then counts its own.
  const waiting = useSyncExternalStore(watchCount, countWaiting, () => 0);
  return (
    <AppFrame client={queryClient} statusBarHeight={statusBarHeight} lang={lang} online={online} waiting={waiting} drawn={drawn}>
      <AppRoutes />
    </AppFrame>
  );
}
