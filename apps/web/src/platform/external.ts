import type { BridgeError, HostBridge } from './bridge/bridge.ts';
import { bridge } from './host.ts';

/**
 * Whether the page should open the URL itself: only when the host cannot (no host, the method
 * not listed or answered `unsupported`) or did not answer in time. A host that answered
 * `cancelled` or `failed` has decided: opening it anyway would open it twice, or after the
 * person backed out (docs/bridge.md, "openExternal and playVideo").
 */
async function hostDeclined(host: HostBridge, method: 'openExternal' | 'playVideo', url: string): Promise<boolean> {
  if (!host.supports(method)) return true;
  return host.call(method, { url }).then(
    () => false,
    (error: BridgeError) => error.code === 'unsupported' || error.code === 'timeout' || error.code === 'no_host',
  );
}

/** Opens a link outside the web view: through the host when it can, else a new browser tab. */
export async function openExternal(url: string, host: HostBridge = bridge) {
  if (!/^https?:\/\//i.test(url)) return;
  if (await hostDeclined(host, 'openExternal', url)) window.open(url, '_blank', 'noopener,noreferrer');
}

/** Whether the host has a video player of its own to offer beside the page's (bridge: playVideo). */
export function hostHasPlayer(host: HostBridge = bridge): boolean {
  return host.supports('playVideo');
}

/**
 * Plays a video in the host's player: a processed video's MP4 for a host that prefers its own
 * player, or an older post's avi or rmvb that no browser decodes; without a host that can, a new
 * tab, where the browser offers the file.
 */
export async function playVideo(url: string, host: HostBridge = bridge) {
  if (!/^https?:\/\//i.test(url)) return;
  if (await hostDeclined(host, 'playVideo', url)) window.open(url, '_blank', 'noopener,noreferrer');
}
