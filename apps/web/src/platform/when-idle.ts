/**
 * Runs `run` once the page is idle, and at the latest after `timeout` ms. Where the browser has no
 * idle callback (Safari's WebView), it runs after `otherwise` ms instead.
 */
export function whenIdle(run: () => void, { timeout, otherwise }: { timeout: number; otherwise: number }) {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(run, { timeout });
  else setTimeout(run, otherwise);
}
