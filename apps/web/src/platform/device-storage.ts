import { firstScreen } from '@padhub/contracts';

/** Cookie and local storage: the only place that touches them. Failures (private mode, quota) are not fatal. */

export const TOKEN_COOKIE = firstScreen.sessionCookie;

export function setCookie(name: string, value: string, maxAgeDays = 30) {
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${name}=${encodeURIComponent(value)}; Path=/; Max-Age=${maxAgeDays * 86400}; SameSite=Lax${secure}`;
}

export function clearCookie(name: string) {
  // Expires as well as Max-Age: older WebViews honour only one of them.
  document.cookie = `${name}=; Path=/; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT; SameSite=Lax`;
}

export function readCookie(name: string): string | null {
  for (const part of document.cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('=')) || null;
  }
  return null;
}

export function readLocal<T>(key: string): T | null {
  try {
    const raw = localStorage.getItem(key);
    return raw === null ? null : (JSON.parse(raw) as T);
  } catch {
    return null;
  }
}

export function writeLocal(key: string, value: unknown) {
  try {
    if (value === null || value === undefined) localStorage.removeItem(key);
    else localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or disabled: the app still works, it just forgets across reloads.
  }
}

/** The local storage keys that start with `prefix` (none when storage is unavailable). */
export function localKeys(prefix: string): string[] {
  try {
    return Array.from({ length: localStorage.length }, (_, i) => localStorage.key(i)).filter((key): key is string => key?.startsWith(prefix) === true);
  } catch {
    return [];
  }
}

export const storageKeys = {
  /** The host's language tag (zh_CN, en_US, ja_JP, Ko_KR): read synchronously for the first paint. */
  language: 'padhub.language',
  recentSearches: 'padhub.recentSearches',
  simulatedHost: 'padhub.simulatedHost',
  /** The simulated host's id for this browser as a device, sent at login as a native host sends its own. */
  simulatedDeviceId: 'padhub.simulatedDeviceId',
  /** The simulated host's controller: the configurations last applied to it. */
  simulatedController: 'padhub.simulatedController',
  /** The model connected to the simulated host's controller, if any. */
  simulatedConnected: 'padhub.simulatedConnected',
  /** The feed and search list posts in every language, not only the interface's. */
  allLanguages: 'padhub.allLanguages',
} as const;
