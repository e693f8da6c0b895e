import { type ReactNode, useMemo } from 'react';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { Lang } from '@padhub/contracts';
import { FrameContext } from '@/ui/frame.ts';
import { Snackbar } from '@/ui/snackbar.tsx';
import { OfflineNotice } from '@/ui/offline-notice.tsx';

interface AppFrameProps {
  client: QueryClient;
  statusBarHeight: number;
  lang: Lang;
  online: boolean;
  /** The actions that wait for the network (platform/api/wait-for-network.ts). */
  waiting: number;
  /** The minute the server drew the markup the page takes over (ui/frame.ts); null when not drawn. */
  drawnAt: number | null;
  /** The router with the app's routes: the browser's in the page, a static one on the server. */
  children: ReactNode;
}

/**
 * The app around its routes, one tree for the page (app.tsx) and the server's first screen
 * (server-render.tsx): the page renders over the server's markup, so both must be the same.
 */
export function AppFrame({ client, statusBarHeight, lang, online, waiting, drawnAt, children }: AppFrameProps) {
  const frame = useMemo(() => ({ statusBarHeight, lang, drawnAt }), [statusBarHeight, lang, drawnAt]);
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
