import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StorageCredentials } from '@padhub/contracts';
import { type ApiCall, answerApi, someone } from '@/test-utils.tsx';
import { setNetwork } from '@/test-network.ts';
import { followAccount } from './account.ts';
import { useSession } from './session.ts';
import { openGate } from './startup-gate.ts';

const stops: (() => void)[] = [];
afterEach(() => {
  for (const stop of stops.splice(0)) stop();
  vi.unstubAllGlobals();
});

/** What the server answers, as a device with no network gets it: a fetch that fails. */
const reached = (data: unknown) => () => {
  if (!navigator.onLine) throw new TypeError('Failed to fetch');
  return data;
};
const credentials: StorageCredentials = {
  region: 'r',
  accessKeyId: 'k',
  accessKeySecret: 's',
  sessionToken: 't',
  endpoint: 'https://store.padhub.test',
  endPoint: 'https://store.padhub.test',
  bucket: 'b',
  prefix: 'u/padhub/7/',
  expiration: new Date(Date.now() + 3_600_000).toISOString(),
  pathStyle: true,
};
const asked = (calls: ApiCall[], path: string) => calls.filter((c) => c.path === path).length;

describe('the account the token belongs to', () => {
  it('is asked again when a start with no network gets the network back', async () => {
    openGate();
    useSession.setState({ token: 'token-of-test', user: null, hostReady: true });
    const calls = answerApi({ 'GET /me': reached(someone), 'GET /external/authorization': reached(credentials) });
    await setNetwork(false);
    stops.push(followAccount());
    await waitFor(() => expect(asked(calls, '/external/authorization')).toBe(1));
    expect(useSession.getState().user).toBeNull();

    await setNetwork(true);
    await waitFor(() => expect(useSession.getState().user).toEqual(someone));
    expect(asked(calls, '/me')).toBe(2);
    await waitFor(() => expect(useSession.getState().credentials).toEqual(credentials));
  });

  it('is not asked again when the network comes back after an answer', async () => {
    openGate();
    useSession.setState({ token: 'token-of-test', user: null, hostReady: true });
    const calls = answerApi({ 'GET /me': reached(someone), 'GET /external/authorization': reached(credentials) });
    stops.push(followAccount());
    await waitFor(() => expect(useSession.getState().user).toEqual(someone));
    await setNetwork(false);
    await setNetwork(true);
    expect(asked(calls, '/me')).toBe(1);
  });
});
