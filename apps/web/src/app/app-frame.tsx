import { type ReactNode, useMemo } from 'react';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { Lang } from '@padhub/contracts';
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
  const frame = useMemo(() => ({ statusBarHeight, lang, drawnAt: drawn?.at ?? null, later: drawn?.later ?? null }), [statusBarHeight, lang, drawn]);
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
