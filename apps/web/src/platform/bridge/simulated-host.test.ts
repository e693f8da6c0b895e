import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorCatalogue } from '@padhub/contracts';
import { setNetwork } from '@/test-network.ts';
import { SimulatedHost } from './simulated-host.ts';

afterEach(() => vi.unstubAllGlobals());

describe('the simulated host’s login', () => {
  it('answers "offline" rather than a vague network failure when the device has no network', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    const host = new SimulatedHost(() => undefined);
    expect(await host.login('demo', 'padhub-demo')).toEqual({ ok: false, code: errorCatalogue.network.code });
    await setNetwork(false);
    expect(await host.login('demo', 'padhub-demo')).toEqual({ ok: false, code: errorCatalogue.offline.code });
  });
});
