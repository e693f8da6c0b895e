import type { BridgeError, HostBridge } from './bridge/bridge.ts';
import { bridge } from './host.ts';

/** How a share ended: the host or the system share sheet took it, the link was copied, or nothing happened. */
export type ShareOutcome = 'shared' | 'copied' | 'cancelled' | 'failed';

/**
 * Shares a page of Padhub: the host's share sheet when it has one, else the browser's Web Share
 * API, else the link is copied. A person who backs out of a share sheet is not shown a copy
 * they did not ask for (docs/bridge.md, "Methods (page → host)").
 */
export async function share({ url, title }: { url: string; title: string }, host: HostBridge = bridge): Promise<ShareOutcome> {
  if (host.supports('share')) {
    const outcome = await host.call('share', { url, title }).then(
      () => 'shared' as const,
      (error: BridgeError) => (error.code === 'cancelled' ? ('cancelled' as const) : error.code === 'failed' ? ('failed' as const) : null),
    );
    if (outcome) return outcome;
  }
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ url, title });
      return 'shared';
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return 'cancelled';
    }
  }
  try {
    await navigator.clipboard.writeText(url);
    return 'copied';
  } catch {
    return 'failed';
  }
}

/** The address of an app page for people outside the app: the same path, on this origin. */
export function shareableUrl(appPath: string) {
  return new URL(`/app${appPath}`, location.origin).toString();
}

/** Tells the host how many notifications are unread, for the badge on its own tab; quiet when it cannot. */
export function setBadge(count: number, host: HostBridge = bridge) {
  if (host.supports('setBadge')) void host.call('setBadge', { count }).catch(() => undefined);
}
