import { DEFAULT_ORG_ID, type Lang, type StorageCredentials, hostTagFromLang, limits } from '@padhub/contracts';
import { langFromHostTag } from '@padhub/bridge-protocol';
import { api } from './api/client.ts';
import type { HostBridge } from './bridge/bridge.ts';
import { appVersion } from './config.ts';
import { storageKeys, writeLocal } from './device-storage.ts';
import { bridge } from './host.ts';
import { changeLanguage } from './i18n.ts';
import { type HostUserInfo, applyUserInfo, useSession } from './session.ts';
import { openGate } from './startup-gate.ts';
import { setTheme } from './theme.ts';

const ask = <T>(promise: Promise<T>) => promise.then((value) => value, () => null);

const text = (value: unknown) => (typeof value === 'string' && value ? value : null);

function communityLang(tag: unknown): Lang | null {
  return text(tag) ? langFromHostTag(tag) : null;
}

async function applyHostLanguage(tag: unknown) {
  // No host, or a host that did not answer (or not with a tag): Chinese (docs/product-spec.md, "States and transitions").
  const saved = text(tag) ?? hostTagFromLang('cn');
  writeLocal(storageKeys.language, saved);
  await changeLanguage(langFromHostTag(saved));
}

/**
 * The startup sequence of docs/product-spec.md, "States and transitions": theme basic; ask the host for organisation, status bar
 * height, language, community language and user info (each call has its own timeout; a missing
 * host gives the fallbacks); then open the gate so requests can leave with the right Accorgid.
 * hello goes out with the others, not before them: a host that never answers hello then holds
 * the first screen up for one timeout (1.5 s), not two. Answers of the wrong type count as none.
 */
export async function startup(host: HostBridge = bridge) {
  // Theme basic: the system's, through the theme module, the one place that writes the theme's
  // attributes (and only what changed: after initTheme, nothing).
  setTheme('system');
  const [hello, org, statusBar, language, community, user] = await Promise.all([
    host.available ? ask(host.hello(`padhub-web/${appVersion}`)) : null,
    ask(host.call('getOrganization', {})),
    ask(host.call('getStatusBarHeight', {})),
    ask(host.call('getLanguage', {})),
    ask(host.call('getCommunityLanguage', {})),
    ask(host.call('getUserInfo', {})),
  ]);
  const height: unknown = statusBar?.height;
  useSession.setState({
    orgId: text(org?.id) ?? DEFAULT_ORG_ID,
    statusBarHeight: typeof height === 'number' && Number.isFinite(height) && height >= 0 ? height : limits.defaultStatusBarHeight,
    requestLang: communityLang(community?.tag),
  });
  applyUserInfo(user && (typeof user.token === 'string' || user.token === null) ? user : null);
  // The host's own theme, when it has one; otherwise the page follows the system.
  if (typeof hello?.theme === 'string') setTheme(hello.theme);
  try {
    await applyHostLanguage(language?.tag);
  } finally {
    // Even when the language's strings failed to download (the first-paint language stays),
    // requests must leave: a stuck gate would show "loading" for ever instead of an error.
    useSession.setState({ hostReady: true });
    openGate();
  }

  // Events that came while the page started were held by the bridge; they arrive now, in order.
  host.on('userChanged', (info: HostUserInfo) => applyUserInfo(info));
  host.on('languageChanged', ({ tag }) => void applyHostLanguage(tag));
  host.on('communityLanguageChanged', ({ tag }) => useSession.setState({ requestLang: communityLang(tag) }));
  host.on('themeChanged', ({ theme }) => setTheme(theme));
}

/** The login under way: a second tap on "Log in" waits for it instead of asking the host again. */
let loginInFlight: Promise<boolean> | null = null;

/**
 * A protected action without a token invokes the host's login and stores its result (docs/product-spec.md, "States and transitions").
 * Answers whether the person is logged in afterwards. One login at a time.
 */
export function ensureLogin(host: HostBridge = bridge): Promise<boolean> {
  if (useSession.getState().token) return Promise.resolve(true);
  loginInFlight ??= askLogin(host).finally(() => {
    loginInFlight = null;
  });
  return loginInFlight;
}

async function askLogin(host: HostBridge): Promise<boolean> {
  const { tokenRejected } = useSession.getState();
  const info = await ask(host.call('login', tokenRejected ? { reason: 'token_invalid' } : {}));
  applyUserInfo(info);
  if (useSession.getState().token) useSession.setState({ tokenRejected: false });
  return useSession.getState().token !== null;
}

let refreshTimer: ReturnType<typeof setTimeout> | undefined;

/**
 * Upload credentials for the logged-in person, fetched again a minute before they expire; null
 * when nobody is logged in. A refusal (rate limited, session ended) rejects with the server's
 * ApiError, unchanged: the uploader tells the person why instead of a network failure.
 */
export async function fetchCredentials(): Promise<StorageCredentials | null> {
  clearTimeout(refreshTimer);
  if (!useSession.getState().token) {
    useSession.setState({ credentials: null });
    return null;
  }
  const keep = (credentials: StorageCredentials | null) => {
    if (useSession.getState().token) useSession.setState({ credentials });
  };
  const credentials = await api.get<StorageCredentials>('/external/authorization').catch((error: unknown) => {
    keep(null);
    throw error;
  });
  keep(credentials);
  const wait = Math.max(10_000, new Date(credentials.expiration).getTime() - Date.now() - 60_000);
  refreshTimer = setTimeout(() => void refreshCredentials(), wait);
  return credentials;
}

/** fetchCredentials for startup and sign-in, where nobody waits on them: a failure leaves none. */
export function refreshCredentials(): Promise<StorageCredentials | null> {
  return fetchCredentials().catch(() => null);
}
