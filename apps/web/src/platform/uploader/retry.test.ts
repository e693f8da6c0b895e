import { describe, expect, it } from 'vitest';
import { RETRY_DELAYS_MS, isExpired, isTransient, withRetries } from './retry.ts';
import { StoreError } from './store-client.ts';

function context(overrides: { now?: () => number; deadline?: number } = {}) {
  const slept: number[] = [];
  let generation = 0;
  return {
    slept,
    renewals: () => generation,
    ctx: {
      credentials: async () => `creds-${generation}`,
      renewCredentials: async () => `creds-${++generation}`,
      deadline: overrides.deadline ?? Date.now() + 60_000,
      sleep: async (ms: number) => void slept.push(ms),
      now: overrides.now,
    },
  };
}

describe('which failures are worth another try', () => {
  it('retries no answer, server trouble and throttling; not a refusal', () => {
    expect(isTransient(new StoreError(0, 'NetworkError'))).toBe(true);
    expect(isTransient(new StoreError(503, 'SlowDown'))).toBe(true);
    expect(isTransient(new StoreError(400, 'RequestTimeout'))).toBe(true);
    expect(isTransient(new StoreError(403, 'AccessDenied'))).toBe(false);
    expect(isTransient(new StoreError(400, 'EntityTooSmall'))).toBe(false);
    expect(isTransient(new StoreError(0, 'Aborted'))).toBe(false);
  });

  it('knows the expired-credentials answers of S3 and of the compatible stores', () => {
    expect(isExpired(new StoreError(403, 'ExpiredToken'))).toBe(true);
    expect(isExpired(new StoreError(400, 'ExpiredToken'))).toBe(true);
    expect(isExpired(new StoreError(403, 'SecurityTokenExpired'))).toBe(true);
    expect(isExpired(new StoreError(403, 'SignatureDoesNotMatch'))).toBe(false);
  });
});

describe('withRetries', () => {
  it('retries a failed part a few times with growing waits, then gives up with its error', async () => {
    const { ctx, slept } = context();
    let calls = 0;
    const failing = withRetries(ctx, async () => {
      calls++;
      throw new StoreError(0, 'NetworkError');
    });
    await expect(failing).rejects.toMatchObject({ code: 'NetworkError' });
    expect(calls).toBe(RETRY_DELAYS_MS.length + 1);
    expect(slept).toEqual([...RETRY_DELAYS_MS]);
  });

  it('succeeds when a retry does', async () => {
    const { ctx } = context();
    let calls = 0;
    expect(await withRetries(ctx, async () => (++calls < 3 ? Promise.reject(new StoreError(500, 'InternalError')) : 'etag'))).toBe('etag');
  });

  it('fetches new credentials when they expired and signs the retry with them, without counting a failure', async () => {
    const { ctx, slept, renewals } = context();
    const used: string[] = [];
    const result = await withRetries(ctx, async (credentials) => {
      used.push(credentials);
      if (used.length === 1) throw new StoreError(403, 'ExpiredToken');
      return 'done';
    });
    expect(result).toBe('done');
    expect(used).toEqual(['creds-0', 'creds-1']);
    expect(renewals()).toBe(1);
    expect(slept).toEqual([]);
  });

  it('does not renew forever when the store keeps refusing', async () => {
    const { ctx, renewals } = context();
    await expect(withRetries(ctx, async () => Promise.reject(new StoreError(403, 'ExpiredToken')))).rejects.toMatchObject({ code: 'ExpiredToken' });
    expect(renewals()).toBe(2);
  });

  it('does not retry a refusal', async () => {
    const { ctx } = context();
    let calls = 0;
    await expect(withRetries(ctx, async () => (calls++, Promise.reject(new StoreError(403, 'AccessDenied'))))).rejects.toMatchObject({ code: 'AccessDenied' });
    expect(calls).toBe(1);
  });

  it('gives up once the deadline has passed, and hands each attempt the time left', async () => {
    let clock = 1000;
    const { ctx } = context({ now: () => clock, deadline: 5000 });
    const left: number[] = [];
    const failing = withRetries(ctx, async (_c, remaining) => {
      left.push(remaining);
      clock += 3000;
      throw new StoreError(0, 'Timeout');
    });
    await expect(failing).rejects.toMatchObject({ code: 'Timeout' });
    expect(left).toEqual([4000, 1000]);
  });
});
