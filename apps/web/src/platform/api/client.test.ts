import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { useSession } from '@/platform/session.ts';
import { openGate } from '@/platform/startup-gate.ts';
import { setNetwork } from '@/test-network.ts';
import { ApiError, api } from './client.ts';

beforeAll(() => openGate());
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

function answer(status: number, body: unknown) {
  const fetch = vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

describe('api client', () => {
  it('sends token, Accept-Language, Accorgid and JSON, and answers data on 200 + code 0', async () => {
    useSession.setState({ token: 't-1', orgId: 'acme', lang: 'jp', requestLang: null });
    const fetch = answer(200, { code: 0, message: 'ok', data: { x: 1 } });
    await expect(api.get('/things', { query: { a: 1, b: undefined } })).resolves.toEqual({ x: 1 });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/things?a=1');
    expect(init.headers).toMatchObject({ token: 't-1', 'accept-language': 'jp', accorgid: 'acme', 'content-type': 'application/json' });
  });

  it('prefers the request language for Accept-Language', async () => {
    useSession.setState({ token: null, lang: 'en', requestLang: 'ko' });
    const fetch = answer(200, { code: 0, message: 'ok', data: 1 });
    await api.get('/x');
    const init = (fetch.mock.calls[0] as unknown as [string, RequestInit])[1];
    expect(init.headers).toMatchObject({ 'accept-language': 'ko' });
    expect(init.headers).not.toHaveProperty('token');
  });

  it('answers the whole body when data is empty', async () => {
    answer(200, { code: 0, message: 'ok' });
    await expect(api.post('/x', {})).resolves.toEqual({ code: 0, message: 'ok' });
  });

  it('rejects with the body when the code is not 0, even with status 200', async () => {
    answer(200, { code: 40000, message: 'bad' });
    await expect(api.get('/x')).rejects.toMatchObject({ body: { code: 40000, message: 'bad' } });
  });

  it('rejects with the body on an error status', async () => {
    answer(404, { code: 40400, message: 'gone' });
    const error = await api.get('/x').catch((e: ApiError) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).key).toBe('not_found');
    expect((error as ApiError).status).toBe(404);
  });

  it('gives up after 5000 ms with the timeout code', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('fetch', (_: string, init: RequestInit) => new Promise((_, reject) => init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))));
    const call = api.get('/slow').catch((e: ApiError) => e);
    await vi.advanceTimersByTimeAsync(4999);
    await vi.advanceTimersByTimeAsync(2);
    expect(((await call) as ApiError).key).toBe('timeout');
  });

  it('turns a network failure into the network code', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    expect(((await api.get('/x').catch((e: ApiError) => e)) as ApiError).key).toBe('network');
  });

  it('says "offline", not a vague network error, when the device says it has no network', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    await setNetwork(false);
    expect(((await api.post('/x', {}).catch((e: ApiError) => e)) as ApiError).key).toBe('offline');
  });

  it('forgets a token the server no longer knows, and reads again without it', async () => {
    useSession.setState({ token: 'dead' });
    const fetch = vi.fn(async (_url: string, init: RequestInit) =>
      (init.headers as Record<string, string>).token
        ? new Response(JSON.stringify({ code: 40101, message: 'expired' }), { status: 401 })
        : new Response(JSON.stringify({ code: 0, message: 'ok', data: { items: [] } }), { status: 200 }),
    );
    vi.stubGlobal('fetch', fetch);
    await expect(api.get('/posts')).resolves.toEqual({ items: [] });
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(useSession.getState()).toMatchObject({ token: null, tokenRejected: true });
  });

  it('does not repeat a refused change: the person must log in again first', async () => {
    useSession.setState({ token: 'dead' });
    const fetch = answer(401, { code: 40101, message: 'expired' });
    await expect(api.put('/posts/1/like')).rejects.toMatchObject({ status: 401 });
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
