/**
 * Runs work the first screen does not show once that screen is done: after the page's load event
 * (the HTML's code and its lead picture are in) and when the browser is idle. A request started
 * earlier competes with the first screen's own on a slow phone network (docs/first-screen.md).
 */
export function afterFirstScreen(run: () => void) {
  const idle = () => (typeof requestIdleCallback === 'function' ? requestIdleCallback(run, { timeout: 2_000 }) : setTimeout(run, 200));
  if (document.readyState === 'complete') idle();
  else addEventListener('load', idle, { once: true });
}
