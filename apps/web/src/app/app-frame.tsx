import { type ReactNode, startTransition, useEffect, useMemo, useState } from 'react';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { Lang } from '@padhub/contracts';
import { afterTakeover } from '@/platform/hydration.ts';
import { FrameContext } from '@/ui/frame.ts';
import { Snackbar } from '@/ui/snackbar.tsx';
import { OfflineNotice } from '@/ui/offline-notice.tsx';

export interface AppFrameProps {
  client: QueryClient;
  statusBarHeight: number;
  lang: Lang;
  online: boolean;
  /** The actions that wait for the network (platform/api/wait-for-network.ts). */
  waiting: number;
  /** The server's markup the page takes over (ui/frame.ts): the minute it was drawn at, what its later parts wait for; null when not drawn. */
  drawn: { at: number; later: PromiseLike<void> | null } | null;
  /** The router with the app's routes: the browser's in the page, a static one on the server. */
  children: ReactNode;
}

/**
 * The app around its routes, one tree for the page (app.tsx) and the server's first screen
 * (server-render.tsx): the page renders over the server's markup, so both must be the same.
 */
export function AppFrame({ client, statusBarHeight, lang, online, waiting, drawn, children }: AppFrameProps) {
  const [takenOver, setTakenOver] = useState(false);
  // Once the later parts are alive too, the page is its own: the times move to the phone's clock and
  // what depends on the phone appears. In a transition, so that React re-renders them in slices; a
  // change every card reads at the default priority was one long task after the takeover (bench/web.ts).
  useEffect(() => {
    if (drawn?.later) afterTakeover(() => startTransition(() => setTakenOver(true)));
  }, [drawn]);
  const drawnAt = takenOver ? null : (drawn?.at ?? null);
  const frame = useMemo(() => ({ statusBarHeight, lang, drawnAt, later: drawn?.later ?? null }), [statusBarHeight, lang, drawnAt, drawn]);
  return (
    <QueryClientProvider client={client}>
      <FrameContext value={frame}>
        {children}
        <Snackbar />
        {!online && <OfflineNotice waiting={waiting} />}
      </FrameContext>
    </QueryClientProvider>
  );
}
