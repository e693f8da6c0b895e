import { HostBridge, detectNativeTransport, listen } from './bridge/bridge.ts';
import { SimulatedHost } from './bridge/simulated-host.ts';

function wantsNoHost(): boolean {
  return new URLSearchParams(location.search).get('host') === 'none';
}

/**
 * The one bridge of the app. A native bridge wins; where there is none, the simulated host steps
 * in, unless `?host=none` asks to see the app with no host at all.
 */
function createHost() {
  const native = detectNativeTransport();
  if (native || wantsNoHost()) {
    const bridge = new HostBridge(native);
    listen(bridge);
    return { bridge, simulated: null };
  }
  let bridge: HostBridge | null = null;
  // The simulated host answers asynchronously, as a real one would, never inside the caller's stack.
  const simulated = new SimulatedHost((message) => queueMicrotask(() => bridge?.receive(message)));
  bridge = new HostBridge(simulated.transport());
  listen(bridge);
  return { bridge, simulated };
}

export const { bridge, simulated: simulatedHost } = createHost();
