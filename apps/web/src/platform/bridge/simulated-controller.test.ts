import { beforeEach, describe, expect, it } from 'vitest';
import { HostBridge } from './bridge.ts';
import type { ConfigurationPayload } from './protocol.ts';
import { SimulatedHost } from './simulated-host.ts';

const warzone: ConfigurationPayload = {
  id: '1',
  model: 'pro-2',
  kind: 'mapping',
  name: 'Warzone',
  content: { layers: [{ name: 'Base', shift: null, bindings: [{ input: 'p1', output: { type: 'button', button: 'a' } }] }] },
};

/** The simulated host behind a real bridge, as host.ts wires them. */
function wired() {
  let bridge: HostBridge | null = null;
  const host = new SimulatedHost((message) => queueMicrotask(() => bridge?.receive(message)));
  bridge = new HostBridge(host.transport());
  return { host, bridge };
}

/** Waits until the page's request reached the simulated controller. */
async function requested(host: SimulatedHost) {
  while (!host.controller.request) await new Promise((resolve) => setTimeout(resolve, 0));
  return host.controller.request;
}

beforeEach(() => localStorage.clear());

describe('the simulated host’s controller', () => {
  it('holds an apply request until the tester answers, then remembers what is active', async () => {
    const { host, bridge } = wired();
    expect(await bridge.call('getActiveConfiguration', { model: 'pro-2', kind: 'mapping' })).toEqual({ configuration: null });
    const applying = bridge.call('applyConfiguration', { configuration: warzone });
    expect(await requested(host)).toEqual(warzone);
    host.controller.answer('applied');
    expect(await applying).toEqual({ status: 'applied' });
    expect(host.controller.request).toBeNull();
    expect(await bridge.call('getActiveConfiguration', { model: 'pro-2', kind: 'mapping' })).toEqual({ configuration: warzone });
    expect(await bridge.call('getActiveConfiguration', { model: 'pro-2', kind: 'macro' })).toEqual({ configuration: null });
    // Kept across reloads, as a controller keeps its profile.
    expect(wired().host.controller.activeFor({ model: 'pro-2', kind: 'mapping' })).toEqual({ configuration: warzone });
  });

  it('answers incompatible (model or firmware) and cancelled as the tester picks', async () => {
    const { host, bridge } = wired();
    const model = bridge.call('applyConfiguration', { configuration: warzone });
    await requested(host);
    host.controller.answer('model');
    expect(await model).toEqual({ status: 'incompatible', reason: 'model', connectedModel: 'lite' });

    const firmware = bridge.call('applyConfiguration', { configuration: warzone });
    await requested(host);
    host.controller.answer('firmware');
    expect(await firmware).toMatchObject({ status: 'incompatible', reason: 'firmware' });

    const cancelled = bridge.call('applyConfiguration', { configuration: warzone });
    await requested(host);
    host.controller.answer('cancelled');
    await expect(cancelled).rejects.toMatchObject({ code: 'cancelled' });
    expect(host.controller.activeFor({ model: 'pro-2', kind: 'mapping' })).toEqual({ configuration: null });
  });
});
