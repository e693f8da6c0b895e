import { bridge } from './host.ts';

/** Opens a link outside the web view: through the host when it can, else a new browser tab. */
export async function openExternal(url: string) {
  if (!/^https?:\/\//i.test(url)) return;
  if (bridge.supports('openExternal')) {
    const opened = await bridge.call('openExternal', { url }).then(
      () => true,
      () => false,
    );
    if (opened) return;
  }
  window.open(url, '_blank', 'noopener,noreferrer');
}

/**
 * Plays a video no browser or WebView decodes (avi, rmvb) in the host's player; without a host
 * that can, a new tab, where the browser offers the file.
 */
export async function playVideo(url: string) {
  if (!/^https?:\/\//i.test(url)) return;
  if (bridge.supports('playVideo') && (await bridge.call('playVideo', { url }).then(() => true, () => false))) return;
  window.open(url, '_blank', 'noopener,noreferrer');
}
