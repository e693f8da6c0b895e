import { DEFAULT_ORG_ID, type Lang, type StorageCredentials, hostTagFromLang, langFromHostTag, limits } from '@padhub/contracts';
import { api } from './api/client.ts';
import type { HostBridge } from './bridge/bridge.ts';
import { appVersion } from './config.ts';
import { storageKeys, writeLocal } from './device-storage.ts';
import { bridge } from './host.ts';
import { changeLanguage } from './i18n.ts';
import { type HostUserInfo, applyUserInfo, useSession } from './session.ts';
import { openGate } from './startup-gate.ts';

const ask = <T>(promise: Promise<T>) => promise.then((value) => value, () => null);

function communityLang(tag: string | null | undefined): Lang | null {
  return tag ? langFromHostTag(tag) : null;
}

async function applyHostLanguage(tag: string | null) {
  // No host, or a host that did not answer: Chinese (docs/product-spec.md, "States and transitions").
  const saved = tag ?? hostTagFromLang('cn');
  writeLocal(storageKeys.language, saved);
  await changeLanguage(langFromHostTag(saved));
}

/**
 * The startup sequence of docs/product-spec.md, "States and transitions": theme basic; ask the host for organisation, status bar
 * height, language, community language and user info (each call has its own timeout; a missing
 * host gives the fallbacks); then open the gate so requests can leave with the right Accorgid.
 */
export async function startup(host: HostBridge = bridge) {
  document.documentElement.dataset.theme = 'basic';
  if (host.available) await ask(host.hello(`padhub-web/${appVersion}`));
  const [org, statusBar, language, community, user] = await Promise.all([
    ask(host.call('getOrganization', {})),
    ask(host.call('getStatusBarHeight', {})),
    ask(host.call('getLanguage', {})),
    ask(host.call('getCommunityLanguage', {})),
    ask(host.call('getUserInfo', {})),
  ]);
  useSession.setState({
    orgId: org?.id || DEFAULT_ORG_ID,
    statusBarHeight: Number.isFinite(statusBar?.height) && (statusBar?.height ?? -1) >= 0 ? (statusBar?.height ?? 0) : limits.defaultStatusBarHeight,
    requestLang: communityLang(community?.tag),
  });
  applyUserInfo(user);
  try {
    await applyHostLanguage(language?.tag ?? null);
  } finally {
    // Even when the language's strings failed to download (the first-paint language stays),
    // requests must leave: a stuck gate would show "loading" for ever instead of an error.
    useSession.setState({ hostReady: true });
    openGate();
  }

  host.on('userChanged', (info: HostUserInfo) => applyUserInfo(info));
  host.on('languageChanged', ({ tag }) => void applyHostLanguage(tag));
  host.on('communityLanguageChanged', ({ tag }) => useSession.setState({ requestLang: communityLang(tag) }));
}

/**
 * A protected action without a token invokes the host's login and stores its result (docs/product-spec.md, "States and transitions").
 * Answers whether the person is logged in afterwards.
 */
export async function ensureLogin(host: HostBridge = bridge): Promise<boolean> {
  const { token, tokenRejected } = useSession.getState();
  if (token) return true;
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
