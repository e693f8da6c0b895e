import { QueryClient, onlineManager } from '@tanstack/react-query';
import { ApiError } from '@/platform/api/client.ts';

/**
 * The app's query client. Mutations run at once by default, so that with no network a form
 * (a report, a password, an edit) fails at once with the "you're offline" error and keeps what was
 * typed, rather than hang on a spinner. The quick actions and comments that may wait for the
 * network say so themselves (platform/api/wait-for-network.ts).
 */
export function createQueryClient() {
  // The query library assumes a network until an `offline` event: a start with none must wait too.
  if (typeof navigator !== 'undefined') onlineManager.setOnline(navigator.onLine);
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // A refused request (4xx) will not change by asking again; a network failure might.
        retry: (count, error) => count < 1 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
        refetchOnWindowFocus: false,
      },
      mutations: { networkMode: 'always' },
    },
  });
}
