import { useEffect, useSyncExternalStore } from 'react';
import { firstScreen } from '@padhub/contracts';
import { whenIdle } from './when-idle.ts';

/**
 * When the first screen is done, for the work and the pictures it does not need: on a slow phone
 * network every request started beside the first screen's own delays it (docs/first-screen.md,
 * "Requests before the first post").
 *
 * A landing page (its HTML carries the data island) is done once the page says its data is on
 * screen (useFirstScreenShown) and the lead picture the HTML preloads, if any, has arrived; any
 * other page once the document has loaded. Then the browser's next idle moment. A page that
 * never says so does not hold anything back for long (LATEST_MS after the load event).
 */
const LATEST_MS = 3_000;

let done = false;
const waiting: (() => void)[] = [];
const listeners = new Set<() => void>();

/**
 * Each in a task of its own: what waits mostly loads code (every import appends its modulepreload
 * links) or draws the waiting pictures. Run together they were one task of about 270 ms on the
 * phone bench/web.ts simulates, all of it blocking time; apart, each is a few tens.
 */
function finish() {
  if (done) return;
  done = true;
  const queue = [() => listeners.forEach((listener) => listener()), ...waiting.splice(0)];
  const next = () => {
    queue.shift()?.();
    if (queue.length > 0) setTimeout(next, 0);
  };
  next();
}

let shown = false;
let shownNow = () => {};
const pageShown = new Promise<void>((resolve) => (shownNow = resolve));

/** The lead picture the HTML preloads has arrived (or failed), or there is none. */
function leadPicture(): Promise<void> {
  const link = document.querySelector<HTMLLinkElement>('link[rel="preload"][as="image"]');
  if (!link) return Promise.resolve();
  const lead = () => document.querySelector<HTMLImageElement>('#root img[fetchpriority="high"]');
  return new Promise<void>((resolve) => {
    if (lead()?.complete) return resolve();
    const settled = (event: Event) => {
      if (event.target !== lead()) return;
      document.removeEventListener('load', settled, true);
      document.removeEventListener('error', settled, true);
      resolve();
    };
    document.addEventListener('load', settled, true);
    document.addEventListener('error', settled, true);
  });
}

function start() {
  if (typeof document === 'undefined') return;
  const loaded = new Promise<void>((resolve) => (document.readyState === 'complete' ? resolve() : addEventListener('load', () => resolve(), { once: true })));
  const landing = document.getElementById(firstScreen.islandId) !== null;
  const ready = landing ? Promise.all([loaded, pageShown.then(leadPicture)]) : loaded;
  void ready.then(() => whenIdle(finish, { timeout: 1_000, otherwise: 100 }));
  void loaded.then(() => setTimeout(finish, LATEST_MS));
}
start();

/** Runs `run` once the first screen is done (at once, after that). */
export function afterFirstScreen(run: () => void) {
  if (done) run();
  else waiting.push(run);
}

/** A landing page says its data (or its failure) is on screen. */
export function useFirstScreenShown(settled: boolean) {
  useEffect(() => {
    if (!settled || shown) return;
    shown = true;
    // After the paint of this render, not before it.
    requestAnimationFrame(() => shownNow());
  }, [settled]);
}

/** False until the first screen is done: pictures other than the lead one wait for it, even on screen. */
export function useFirstScreenDone() {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    () => done,
    () => false,
  );
}
