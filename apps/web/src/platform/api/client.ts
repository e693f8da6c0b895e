import { type ErrorBody, type ErrorKey, errorCatalogue, errorKeyOf, headers as headerNames, limits } from '@padhub/contracts';
import { apiBase } from '@/platform/config.ts';
import { liveSeen } from '@/platform/live-seen.ts';
import { signOutLocally, useSession } from '@/platform/session.ts';
import { hostReady } from '@/platform/startup-gate.ts';

/** A call that did not succeed. `body` is what the server answered (or a made-up one for network failures). */
export class ApiError extends Error {
  readonly body: ErrorBody;
  readonly status: number;

  constructor(body: ErrorBody, status: number) {
    super(body.message);
    this.body = body;
    this.status = status;
  }

  get key(): ErrorKey | undefined {
    return errorKeyOf(this.body.code);
  }

  is(key: ErrorKey): boolean {
    return this.body.code === errorCatalogue[key].code;
  }
}

export interface RequestOptions {
  query?: Record<string, string | number | boolean | undefined | null>;
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

function url(path: string, query: RequestOptions['query']) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  const search = params.toString();
  return `${apiBase}${path}${search ? `?${search}` : ''}`;
}

function localFailure(key: 'network' | 'timeout' | 'offline'): ApiError {
  return new ApiError({ code: errorCatalogue[key].code, message: key }, 0);
}

/**
 * Every call of the app goes through here (docs/product-spec.md, "The calls it makes" and "The error catalogue"): 5000 ms timeout; headers token,
 * Accept-Language (the request language if set, else the app language) and Accorgid; JSON. Success
 * only when the status is 200 and the body's code is 0: then the body's data, or the body itself
 * when data is empty. Anything else rejects with the body.
 */
async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  // The organisation comes from the host: no request leaves before the host has answered.
  await hostReady();
  const session = useSession.getState();
  const sentToken = session.token;
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'accept-language': session.requestLang ?? session.lang,
    [headerNames.organisation]: session.orgId,
    ...options.headers,
  };
  if (sentToken) headers[headerNames.token] = sentToken;
  const seen = method === 'GET' ? liveSeen() : undefined;
  if (seen) headers[headerNames.seenEvent] = seen;

  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort('timeout'), limits.apiTimeoutMs);
  const abort = () => controller.abort(options.signal?.reason);
  options.signal?.addEventListener('abort', abort);
  let res: Response;
  try {
    res = await fetch(url(path, options.query), {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: controller.signal,
    });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    // The device says it has no network: the person is told that, not a vague network error.
    throw localFailure(controller.signal.aborted ? 'timeout' : navigator.onLine ? 'network' : 'offline');
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', abort);
  }

  let body: { code?: unknown; message?: unknown; data?: unknown };
  try {
    body = (await res.json()) as typeof body;
  } catch {
    throw new ApiError({ code: res.status >= 500 ? errorCatalogue.internal.code : errorCatalogue.network.code, message: res.statusText }, res.status);
  }
  if (res.status === 200 && body.code === 0) {
    const empty = body.data === undefined || body.data === null || body.data === '';
    return (empty ? body : body.data) as T;
  }
  const error = new ApiError({ code: Number(body.code ?? errorCatalogue.internal.code), message: typeof body.message === 'string' ? body.message : '', data: body.data }, res.status);
  // The server no longer knows this token (expired, revoked, deregistered): stop sending it, and
  // read again as a visitor — the page should not fail because a session ended.
  if (error.is('token_invalid') && sentToken) {
    if (useSession.getState().token === sentToken) signOutLocally();
    if (method === 'GET' && !useSession.getState().token) return request<T>(method, path, options);
  }
  throw error;
}

export const api = {
  get: <T>(path: string, options?: RequestOptions) => request<T>('GET', path, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('POST', path, { ...options, body }),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('PUT', path, { ...options, body }),
  patch: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('PATCH', path, { ...options, body }),
  delete: <T>(path: string, options?: RequestOptions) => request<T>('DELETE', path, options),
};
