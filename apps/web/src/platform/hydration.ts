import { whenIdle } from './when-idle.ts';

/**
 * Taking over the server's markup in parts (docs/first-screen.md, "Hydration in parts"). React
 * brings each Suspense boundary of the drawn page to life as a task of its own, after the rest; the
 * parts below the fold or behind a tap (ui/later.tsx) wait for `laterParts`: the first moment the
 * page is idle, or the first sign that the person reaches for something (a touch, a key, a scroll,
 * a tap held by apps/web/public/start-after-paint.js before this code ran), whichever comes first.
 */
type Gate = Promise<void> & { status?: 'pending' | 'fulfilled'; value?: undefined };

let open: () => void = () => undefined;
export const laterParts: Gate = new Promise<void>((resolve) => {
  open = resolve;
});

/**
 * Opens the gate. React reads a promise's `status` before waiting for it: set at once, a part that
 * a touch makes React hydrate on the spot (inside that very event) does not wait a microtask more.
 * React marks a promise it waits for 'pending' itself (`use`): only 'fulfilled' means open.
 */
function release() {
  if (laterParts.status === 'fulfilled') return;
  laterParts.status = 'fulfilled';
  laterParts.value = undefined;
  open();
}

/** Taps start-after-paint.js held before the code ran (it replays them once their part is alive). */
interface HeldTaps {
  held: unknown[];
}

const reaching = ['pointerdown', 'touchstart', 'keydown', 'wheel', 'scroll', 'focusin'] as const;

/** Starts the wait, just before the page hydrates the server's markup (main.tsx). */
export function takeOverInParts() {
  if ((window as { padhubTaps?: HeldTaps }).padhubTaps?.held.length) return release();
  // In the capture phase of the window: before React's own listeners on the root see the event.
  for (const type of reaching) addEventListener(type, release, { capture: true, once: true, passive: true });
  whenIdle(release, { timeout: 2_000, otherwise: 1_000 });
}

/**
 * Runs `then` once the later parts are alive too: what would change the drawn first screen's data
 * (the person's own states, the last visit's answers, actions waiting for the network) waits for
 * it, so that every part hydrates the very data it was drawn from.
 */
export function afterTakeover(then: () => void) {
  // A task after the gate: React hydrates the parts it released first.
  void laterParts.then(() => setTimeout(then, 0));
}
