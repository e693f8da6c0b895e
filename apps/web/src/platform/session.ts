import { useSyncExternalStore } from 'react';
import { createStore } from 'zustand/vanilla';
import { DEFAULT_ORG_ID, DEREGISTERED_STATE, type Lang, type Me, type StorageCredentials, limits } from '@padhub/contracts';
import { TOKEN_COOKIE, clearCookie, setCookie } from './device-storage.ts';

/** What the app holds about the person and the host (docs/product-spec.md, "Entities and their fields"). */
export interface SessionState {
  token: string | null;
  /** Filled from /api/me once a token is known. */
  user: Me | null;
  orgId: string;
  statusBarHeight: number;
  lang: Lang;
  /** Language of community content (Accept-Language); null → the app language. */
  requestLang: Lang | null;
  credentials: StorageCredentials | null;
  /** True once the host answered (or was found missing): requests wait for it, for the organisation. */
  hostReady: boolean;
  /** The server refused the last token: the next host login must not reuse it. */
  tokenRejected: boolean;
}

const store = createStore<SessionState>()(() => ({
  token: null,
  user: null,
  orgId: DEFAULT_ORG_ID,
  statusBarHeight: limits.defaultStatusBarHeight,
  lang: 'en',
  requestLang: null,
  credentials: null,
  hostReady: false,
  tokenRejected: false,
}));

/**
 * The session for a component. zustand's own hook reads the store as it was created while the
 * server renders and while the page hydrates (its server snapshot); this one reads it as it is: the
 * server's renderer sets the frame it draws (app/server-render.tsx), and the page hydrates only a
 * drawing of its own state (app/first-screen.ts, `serverMarkupFits`), so both render the same.
 */
function useSessionState<U>(selector: (state: SessionState) => U): U {
  const read = () => selector(store.getState());
  return useSyncExternalStore(store.subscribe, read, read);
}

export const useSession = Object.assign(useSessionState, {
  getState: store.getState,
  setState: store.setState,
  subscribe: store.subscribe,
});

export interface HostUserInfo {
  token?: string | null;
  state?: number;
}

/**
 * docs/product-spec.md, "States and transitions": a token from the host is saved in the `token` cookie and the store; none empties
 * both; a deregistered account (state 10101) counts as logged out and keeps no token.
 */
export function applyUserInfo(info: HostUserInfo | null | undefined) {
  const token = info?.token && info.state !== DEREGISTERED_STATE ? info.token : null;
  if (token) setCookie(TOKEN_COOKIE, token);
  else clearCookie(TOKEN_COOKIE);
  const previous = useSession.getState().token;
  useSession.setState(token === previous ? { token } : { token, user: null, credentials: null, ...(token ? { tokenRejected: false } : {}) });
}

/**
 * The server refused the token (expired, revoked): stop sending it, and remember why, so that the
 * next login asks the host for a new one instead of the same dead token.
 */
export function signOutLocally() {
  applyUserInfo(null);
  useSession.setState({ tokenRejected: true });
}
