import { useSyncExternalStore } from 'react';
import { createStore, get, set } from 'idb-keyval';

/**
 * Offline: the service worker (public/sw.js) keeps the app's shell, and the page keeps the answers
 * of its first screen in IndexedDB, so that a start without network still opens on the last feed.
 */

/** Registered once the page has loaded, in production builds (a worker would cache the dev server's modules). */
export function registerServiceWorker() {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker
      .register('/app/sw.js', { scope: '/app/' })
      .then(() => navigator.serviceWorker.ready)
      .then(async (registration) => {
        // Once the worker holds the page, what the page loads passes through it and is kept.
        if (!navigator.serviceWorker.controller) await new Promise((claimed) => navigator.serviceWorker.addEventListener('controllerchange', claimed, { once: true }));
        // The scripts of this start came before the worker: hand them over for the next start offline,
        // the ones still on their way included (named by the page, not yet in its resource timings),
        // and the stylesheets a drawn page carried inline, which it names by a disabled link.
        const named = Array.from(document.querySelectorAll<HTMLScriptElement | HTMLLinkElement>('script[src], link[rel=modulepreload], link[rel=stylesheet]'), (e) => ('src' in e ? e.src : e.href));
        const urls = [...performance.getEntriesByType('resource').map((entry) => entry.name), ...named];
        registration.active?.postMessage({ type: 'keep', urls });
      })
      .catch(() => undefined);
  };
  // A page drawn by the server starts its code after the paint, maybe after `load` (server's start-after-paint.ts).
  if (document.readyState === 'complete') register();
  else addEventListener('load', register);
}

const subscribe = (changed: () => void) => {
  addEventListener('online', changed);
  addEventListener('offline', changed);
  return () => {
    removeEventListener('online', changed);
    removeEventListener('offline', changed);
  };
};

/** False while the device says it has no network. */
export function useOnline() {
  // The server draws the page online; the page hydrates it so, then shows the network it has.
  return useSyncExternalStore(subscribe, () => navigator.onLine, () => true);
}

const store = typeof indexedDB === 'undefined' ? null : createStore('padhub-queries', 'queries');
const FIRST_SCREEN = 'first-screen';
const WAITING = 'waiting-actions';

/** What the app wrote last under `key`, or null. Never fails: a start must not wait on it. */
async function read<T>(key: string): Promise<T | null> {
  if (!store) return null;
  return (await get<T>(key, store).catch(() => undefined)) ?? null;
}

async function write(key: string, value: unknown): Promise<void> {
  if (store) await set(key, value, store).catch(() => undefined);
}

/** The kept answers of the first screen. */
export const readKeptQueries = <T>() => read<T>(FIRST_SCREEN);
export const keepQueries = (value: unknown) => write(FIRST_SCREEN, value);

/** The actions that wait for the network (app/waiting-actions.ts), beside them. */
export const readWaitingActions = <T>() => read<T>(WAITING);
export const keepWaitingActions = (value: unknown) => write(WAITING, value);
