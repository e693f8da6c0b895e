import { onlineManager } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { errorCatalogue } from '@padhub/contracts';
import { api, type ApiError } from '@/platform/api/client.ts';
import { openGate } from '@/platform/startup-gate.ts';
import { setNetwork } from '@/test-network.ts';
import { createQueryClient } from './query-client.ts';

describe('the app’s query client', () => {
  it('runs a form’s send at once with no network, so it fails with "offline" instead of hanging', async () => {
    openGate();
    await setNetwork(false);
    const fetch = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    vi.stubGlobal('fetch', fetch);
    const client = createQueryClient();
    const send = client.getMutationCache().build(client, { mutationFn: () => api.post('/reports', {}) });
    const error = (await send.execute(undefined).catch((e: unknown) => e)) as ApiError;
    expect(error.body.code).toBe(errorCatalogue.offline.code);
    expect(fetch).toHaveBeenCalledOnce();
    vi.unstubAllGlobals();
  });

  it('starts offline when the device starts without a network, so waiting actions wait', async () => {
    await setNetwork(false);
    // What the query library assumes until it hears an `offline` event, which a start without network never sends.
    onlineManager.setOnline(true);
    const client = createQueryClient();
    const like = client.getMutationCache().build(client, { networkMode: 'online', mutationFn: async () => 'sent' });
    void like.execute(undefined);
    await vi.waitFor(() => expect(like.state.isPaused).toBe(true));
  });
});
