/**
 * The `<head>` of a landing page whose markup the server drew (server-render.ts): the entry's
 * `<script type="module">` and the modulepreload links give way to apps/web/public/start-after-paint.js,
 * which starts the same code with the same preloads once the markup is painted. Elsewhere (no
 * markup) the head stays as built: there is nothing to paint before the code has run.
 */
export function startAfterPaint(head: string): string {
  const preloads: string[] = [];
  let entry: string | null = null;
  const rest = head
    .replace(/<link rel="modulepreload" crossorigin href="([^"]+)">/g, (_link, href: string) => {
      preloads.push(href);
      return '';
    })
    .replace(/<script type="module" crossorigin src="([^"]+)"><\/script>/, (_script, src: string) => {
      entry = src;
      return '';
    });
  if (entry === null) return head;
  return `${rest}<script defer src="/app/start-after-paint.js" data-entry="${entry}" data-preload="${preloads.join(' ')}"></script>`;
}
