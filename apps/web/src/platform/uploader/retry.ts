import { ApiError } from '@/platform/api/client.ts';
import { StoreError } from './store-client.ts';

/** Waits before the 1st, 2nd and 3rd retry of a failed call; after the 3rd the call has failed. */
export const RETRY_DELAYS_MS = [500, 1500, 3000] as const;
/** New credentials at most this often per call: a store that keeps refusing them is not an expiry. */
const MAX_RENEWALS = 2;

/**
 * The store said the credentials expired (S3: ExpiredToken; some stores: TokenRefreshRequired,
 * Aliyun OSS: SecurityTokenExpired): fetch new ones and go on. Not a failure of the upload.
 */
export function isExpired(error: StoreError): boolean {
  return ['ExpiredToken', 'TokenRefreshRequired', 'SecurityTokenExpired', 'RequestExpired'].includes(error.code);
}

/**
 * Our API's refusal of credentials worth asking again: no answer, or the server's own trouble.
 * Never a 429 (rate limited: asking again only spends the allowance) nor any other refusal.
 */
function isTransientRefusal(error: ApiError): boolean {
  return error.status === 0 || error.status >= 500;
}

/** Worth asking again: no answer (network, timeout), the store's own trouble, or throttling. */
export function isTransient(error: StoreError): boolean {
  if (error.code === 'Aborted') return false;
  if (error.status === 0 || error.status >= 500) return true;
  return error.status === 408 || error.status === 429 || ['RequestTimeout', 'SlowDown', 'InternalError'].includes(error.code);
}

export interface RetryContext<C> {
  credentials(): Promise<C>;
  renewCredentials(): Promise<C>;
  /** Epoch ms after which nothing more is tried (spec: the storage client gives up after 3 600 000 ms). */
  deadline: number;
  signal?: AbortSignal;
  sleep?(ms: number): Promise<void>;
  now?(): number;
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Runs one store call with the credentials of the moment: signed afresh on every attempt, renewed
 * when the store says they expired, retried a few times after a transient failure. When fetching
 * the credentials fails, the API's ApiError comes out as it is (the person reads its reason).
 */
export async function withRetries<T, C>(ctx: RetryContext<C>, run: (credentials: C, remainingMs: number) => Promise<T>): Promise<T> {
  const now = ctx.now ?? Date.now;
  const sleep = ctx.sleep ?? wait;
  let failures = 0;
  let renewals = 0;
  for (;;) {
    const remaining = ctx.deadline - now();
    if (remaining <= 0) throw new StoreError(0, 'Timeout');
    try {
      return await run(await ctx.credentials(), remaining);
    } catch (caught) {
      if (ctx.signal?.aborted) throw new StoreError(0, 'Aborted');
      if (caught instanceof ApiError) {
        if (!isTransientRefusal(caught) || failures >= RETRY_DELAYS_MS.length) throw caught;
        await sleep(RETRY_DELAYS_MS[failures++]!);
        continue;
      }
      const error = caught instanceof StoreError ? caught : new StoreError(0, 'NetworkError');
      if (isExpired(error) && renewals < MAX_RENEWALS) {
        renewals++;
        await ctx.renewCredentials();
        continue;
      }
      if (!isTransient(error) || failures >= RETRY_DELAYS_MS.length) throw error;
      await sleep(RETRY_DELAYS_MS[failures++]!);
    }
  }
}
