import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';

const STYLESHEET = /<link rel="stylesheet" crossorigin href="\/app\/(assets\/[^"]+\.css)">/g;
const HOST_QUEUE = '<script src="/app/host-queue.js"></script>';

export interface InlineHead {
  /** The `<head>` of a drawn landing page, its render-blocking files written into it. */
  apply(head: string): string;
  /** The content security policy's `'sha256-…'` sources for the scripts written in. */
  scriptHashes: string[];
}

function read(file: string): string | null {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return null;
  }
}

/**
 * A drawn landing page paints from its HTML alone (docs/first-screen.md, "One answer before the
 * first paint"): on a phone's network each stylesheet and the host queue in the head was a request
 * of its own, in a round trip of its own, that the first paint waited for. So they come inside the
 * HTML, read once from the build (hashed files never change).
 *
 * Each stylesheet leaves a `disabled` `<link>` of itself behind, which the browser neither
 * downloads nor applies: the web build's loader (Vite's preload of a lazy page's CSS) finds the
 * file already in the page by that link and does not add it again after later stylesheets, which
 * would put its rules after theirs; and the offline shell keeps the file by its name
 * (apps/web/src/platform/offline.ts). A file that cannot be read, or that would close the element
 * early, stays a link.
 *
 * The host queue (`public/host-queue.js`) is a script: the policy allows it by its hash, that
 * text alone (routes.ts, `contentSecurityPolicy`).
 */
export function inlineHead(webDist: string): InlineHead {
  const styles = new Map<string, string | null>();
  const style = (file: string) => {
    if (!styles.has(file)) {
      const css = read(path.join(webDist, file));
      styles.set(file, css !== null && !/<\/style/i.test(css) ? css : null);
    }
    return styles.get(file) ?? null;
  };
  const queue = read(path.join(webDist, 'host-queue.js'));
  const script = queue !== null && !/<\/script/i.test(queue) ? queue : null;
  const scriptHashes = script === null ? [] : [`'sha256-${createHash('sha256').update(script).digest('base64')}'`];
  return {
    scriptHashes,
    apply(head) {
      const styled = head.replace(STYLESHEET, (link: string, file: string) => {
        const css = style(file);
        return css === null ? link : `<style>${css}</style>${link.replace(/>$/, ' disabled>')}`;
      });
      return script === null ? styled : styled.replace(HOST_QUEUE, () => `<script>${script}</script>`);
    },
  };
}
