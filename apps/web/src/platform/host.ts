import { HostBridge, detectNativeTransport, inNativeWebView, lateNativeTransport, listen } from './bridge/bridge.ts';
import type { SimulatedHost } from './bridge/simulated-host.ts';

function wantsNoHost(): boolean {
  return new URLSearchParams(location.search).get('host') === 'none';
}

/**
 * The one bridge of the app. A native bridge wins. Inside the host's WebView (its user agent says
 * so) the page never starts the simulated host, even when the bridge object is late: its login
 * form must not appear inside the real app. Elsewhere the simulated host steps in, unless
 * `?host=none` asks to see the app with no host at all.
 */
function createHost(win: Window = window) {
  const native = detectNativeTransport(win);
  if (native || wantsNoHost()) {
    const bridge = new HostBridge(native);
    listen(bridge, win);
    return { bridge, simulated: null };
  }
  if (inNativeWebView(win.navigator.userAgent)) {
    const bridge: HostBridge = new HostBridge(lateNativeTransport(() => bridge, win));
    listen(bridge, win);
    return { bridge, simulated: null };
  }
  let bridge: HostBridge | null = null;
  // Its code loads only here, in a plain browser (the server preloads it there: it is not the
  // native app's): a phone in the native app never downloads it. It answers asynchronously, as a
  // real host would, never inside the caller's stack; what the page asks meanwhile waits for it.
  const simulated: Promise<SimulatedHost> = import('./bridge/simulated-host.ts').then(
    ({ SimulatedHost }) => new SimulatedHost((message) => queueMicrotask(() => bridge?.receive(message))),
  );
  bridge = new HostBridge({ kind: 'simulated', send: (message) => void simulated.then((host) => host.transport().send(message)) });
  listen(bridge, win);
  return { bridge, simulated };
}

// On the server (the first screen's markup, app/server-render.tsx) there is no window and no host.
export const { bridge, simulated: simulatedHost }: { bridge: HostBridge; simulated: Promise<SimulatedHost> | null } =
  typeof window === 'undefined' ? { bridge: new HostBridge(null), simulated: null } : createHost();
