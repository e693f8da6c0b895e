const ENTRY = /<script type="module" crossorigin src="([^"]+)"><\/script>/;
const PRELOAD = /<link rel="modulepreload" crossorigin href="([^"]+)">/g;

/**
 * The `<head>` of a landing page whose markup the server drew (server-render.ts): the entry's
 * `<script type="module">` and the modulepreload links give way to apps/web/public/start-after-paint.js,
 * which starts the same code with the same preloads once the markup is painted. Elsewhere (no
 * markup) the head stays as built: there is nothing to paint before the code has run.
 */
export function startAfterPaint(head: string): string {
  const entry = ENTRY.exec(head)?.[1];
  if (!entry) return head;
  const preloads = [...head.matchAll(PRELOAD)].map((match) => match[1]);
  const rest = head.replace(ENTRY, '').replace(PRELOAD, '');
  return rest.replace('</head>', () => `<script defer src="/app/start-after-paint.js" data-entry="${entry}" data-preload="${preloads.join(' ')}"></script></head>`);
}
