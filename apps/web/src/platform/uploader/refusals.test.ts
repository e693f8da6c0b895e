import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type StorageCredentials, errorCatalogue } from '@padhub/contracts';
import { ApiError } from '@/platform/api/client.ts';
import { useSession } from '@/platform/session.ts';
import { openGate } from '@/platform/startup-gate.ts';
import { uploadFiles } from './index.ts';
import { RETRY_DELAYS_MS, withRetries } from './retry.ts';

const credentials: StorageCredentials = {
  region: 'us-east-1',
  accessKeyId: 'ASIATEST',
  accessKeySecret: 'secret',
  sessionToken: 'token',
  endpoint: 'http://127.0.0.1/storage',
  endPoint: 'http://127.0.0.1/storage',
  bucket: 'padhub',
  prefix: 'u/padhub/7/',
  expiration: new Date(Date.now() + 900_000).toISOString(),
  pathStyle: true,
};

const refusal = (key: keyof typeof errorCatalogue, status: number = errorCatalogue[key].status) =>
  new ApiError({ code: errorCatalogue[key].code, message: key, data: { retryAfter: 30 } }, status);

function context(credentials: () => Promise<string>) {
  const slept: number[] = [];
  return {
    slept,
    ctx: { credentials, renewCredentials: credentials, deadline: Date.now() + 60_000, sleep: async (ms: number) => void slept.push(ms) },
  };
}

describe('withRetries, when fetching credentials fails', () => {
  it('passes the API refusal through unchanged and never retries a 429', async () => {
    const limited = refusal('rate_limited');
    const ask = vi.fn(async () => Promise.reject<string>(limited));
    const { ctx, slept } = context(ask);
    const run = vi.fn(async () => 'etag');
    await expect(withRetries(ctx, run)).rejects.toBe(limited);
    expect(ask).toHaveBeenCalledTimes(1);
    expect(run).not.toHaveBeenCalled();
    expect(slept).toEqual([]);
  });

  it('retries no answer a few times, then gives up with that same ApiError', async () => {
    const offline = refusal('network', 0);
    const ask = vi.fn(async () => Promise.reject<string>(offline));
    const { ctx, slept } = context(ask);
    await expect(withRetries(ctx, async () => 'etag')).rejects.toBe(offline);
    expect(slept).toEqual([...RETRY_DELAYS_MS]);
  });
});

type Answer = { status: number; body: string };

describe('uploadFiles', () => {
  let requests: string[] = [];
  function answer(reply: (url: string, method: string) => Answer) {
    requests = [];
    vi.stubGlobal('fetch', async (url: string, init: { method?: string } = {}) => {
      requests.push(`${init.method ?? 'GET'} ${url}`);
      const { status, body } = reply(url, init.method ?? 'GET');
      return new Response(body, { status });
    });
  }
  const job = (id: string) => ({ id, file: new Blob([new Uint8Array(100)]), name: `${id}.jpg`, type: 'image/jpeg', folder: 'post', record: null });
  const options = { onRecord: () => undefined, onProgress: () => undefined };

  beforeEach(() => {
    openGate();
    useSession.setState({ token: 'tok-1', credentials: null });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('rejects with the API refusal of the credentials (429 rate_limited), asked once, no upload tried', async () => {
    answer(() => ({ status: 429, body: JSON.stringify({ code: errorCatalogue.rate_limited.code, message: 'Too many attempts', data: { retryAfter: 120 } }) }));
    const failed = await uploadFiles([job('a'), job('b'), job('c')], options).then(
      () => null,
      (error: unknown) => error,
    );
    expect(failed).toBeInstanceOf(ApiError);
    expect(failed).toMatchObject({ status: 429, key: 'rate_limited', body: { data: { retryAfter: 120 } } });
    // One ask, shared by the files sent at once; the third file is not started.
    expect(requests).toEqual(['GET /api/external/authorization']);
  });

  it("turns the store's QuotaExceeded into the translated upload_quota_exceeded refusal, without retrying", async () => {
    useSession.setState({ credentials });
    answer(() => ({ status: 403, body: '<?xml version="1.0"?><Error><Code>QuotaExceeded</Code><Message>2 MiB a day</Message></Error>' }));
    const failed = await uploadFiles([job('a')], options).then(
      () => null,
      (error: unknown) => error,
    );
    expect(failed).toBeInstanceOf(ApiError);
    expect((failed as ApiError).key).toBe('upload_quota_exceeded');
    // Create the multipart upload, refused: no second try.
    expect(requests).toHaveLength(1);
  });

  it('answers false, not a refusal, when the store only failed', async () => {
    useSession.setState({ credentials });
    answer(() => ({ status: 400, body: '<?xml version="1.0"?><Error><Code>InvalidArgument</Code><Message>m</Message></Error>' }));
    expect(await uploadFiles([job('a')], options)).toBe(false);
  });
});
