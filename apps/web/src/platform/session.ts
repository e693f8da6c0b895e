import { useSyncExternalStore } from 'react';
import { createStore } from 'zustand/vanilla';
import { DEFAULT_ORG_ID, DEREGISTERED_STATE, type Lang, type Me, type StorageCredentials, limits } from '@padhub/contracts';
import { TOKEN_COOKIE, clearCookie, readLocal, setCookie, storageKeys, writeLocal } from './device-storage.ts';

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
  /** The feed and search show posts of every language ("All languages"), remembered on this device. */
  allLanguages: boolean;
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
  allLanguages: readLocal<boolean>(storageKeys.allLanguages) === true,
}));

/** The session as the server drew the page: see `useSession`. */
let drawn: SessionState | null = null;

/**
 * The page is about to take over the server's markup, drawn for this session (app/first-screen.ts,
 * `serverMarkupFits`) by a renderer that did not know whose the token is (app/server-render.tsx):
 * every part hydrates with that, whenever React gets to it, then follows the session as it is.
 */
export function hydrateAsDrawn() {
  drawn = { ...store.getState(), user: null };
}

/**
 * The session for a component. zustand's own hook reads the store as it was created while the
 * server renders and while the page hydrates (its server snapshot); this one reads it as the
 * server drew it: on the server the store itself (its renderer sets it to the frame it draws), in
 * the page what `hydrateAsDrawn` kept. After hydrating, a part follows the store as it is.
 */
function useSessionState<U>(selector: (state: SessionState) => U): U {
  return useSyncExternalStore(
    store.subscribe,
    () => selector(store.getState()),
    () => selector(drawn ?? store.getState()),
  );
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

/** "All languages" on or off, for the feed and search, kept on this device. */
export function setAllLanguages(on: boolean) {
  writeLocal(storageKeys.allLanguages, on || null);
  useSession.setState({ allLanguages: on });
}

/**
 * The server refused the token (expired, revoked): stop sending it, and remember why, so that the
 * next login asks the host for a new one instead of the same dead token.
 */
export function signOutLocally() {
  applyUserInfo(null);
  useSession.setState({ tokenRejected: true });
}
