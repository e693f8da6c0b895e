import { onlineManager } from '@tanstack/react-query';
import type { Me } from '@padhub/contracts';
import { afterFirstScreen } from './after-first-screen.ts';
import { ApiError, api } from './api/client.ts';
import { useSession } from './session.ts';
import { refreshCredentials } from './startup.ts';

// The draft store is the posting page's: it loads after the first screen, in call order (the
// posting page waits for it: useDraftReady).
const afterFirst = new Promise<void>((resolve) => afterFirstScreen(resolve));
const switchDraftOwner = (userId: string | null) => afterFirst.then(() => import('./post-draft.ts')).then((draft) => draft.switchDraftOwner(userId));

/** Whenever the token changes: learn who it belongs to and fetch upload credentials for them. */
export function followAccount() {
  let current: string | null | undefined;
  let stopWaiting: (() => void) | undefined;
  const sync = async (token: string | null) => {
    if (token === current) return;
    current = token;
    stopWaiting?.();
    stopWaiting = undefined;
    if (!token) {
      useSession.setState({ user: null });
      void switchDraftOwner(null);
      void refreshCredentials();
      return;
    }
    let unreached = false;
    const me = await api.get<Me>('/me').catch((error: unknown) => {
      unreached = error instanceof ApiError && error.status === 0;
      return null;
    });
    if (useSession.getState().token !== token) return;
    useSession.setState({ user: me });
    void switchDraftOwner(me?.id ?? null);
    void refreshCredentials();
    // A start with no network does not know whose token it holds: ask again (and for the upload
    // credentials) once the network is back, rather than stay a nobody with a token until the next login.
    if (unreached && current === token) {
      stopWaiting = onlineManager.subscribe((online) => {
        if (!online) return;
        current = undefined;
        void sync(useSession.getState().token);
      });
    }
  };
  void sync(useSession.getState().token);
  return useSession.subscribe((state) => void sync(state.token));
}
