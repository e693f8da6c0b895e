import { useMemo } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ApiError } from '@/platform/api/client.ts';
import { useSession } from '@/platform/session.ts';
import { restartLists } from '@/platform/api/refresh-lists.ts';
import { FrameContext } from '@/ui/frame.ts';
import { Snackbar } from '@/ui/snackbar.tsx';
import { useOnline } from '@/platform/offline.ts';
import { OfflineNotice } from '@/ui/offline-notice.tsx';
import { seedFirstScreen } from './first-screen.ts';
import { keepQueriesOf, restoreKeptQueries } from './kept-queries.ts';
import { AppRoutes } from './router.tsx';

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      // A refused request (4xx) will not change by asking again; a network failure might.
      retry: (count, error) => count < 1 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
      refetchOnWindowFocus: false,
    },
  },
});

// Logging in or out changes what every answer says (liked, favourited, my pages): ask again.
useSession.subscribe((state, previous) => {
  if (state.token !== previous.token) void restartLists(queryClient);
});

keepQueriesOf(queryClient);

/**
 * Before the first render, once the host has answered: what the last visit kept, then the data the
 * HTML brought (newer, when there is a network to bring it).
 */
export async function prepareFirstScreen() {
  await restoreKeptQueries(queryClient);
  seedFirstScreen(queryClient);
}

export function App() {
  const statusBarHeight = useSession((s) => s.statusBarHeight);
  const lang = useSession((s) => s.lang);
  const frame = useMemo(() => ({ statusBarHeight, lang }), [statusBarHeight, lang]);
  const online = useOnline();
  return (
    <QueryClientProvider client={queryClient}>
      <FrameContext.Provider value={frame}>
        <AppRoutes />
        <Snackbar />
        {!online && <OfflineNotice />}
      </FrameContext.Provider>
    </QueryClientProvider>
  );
}
