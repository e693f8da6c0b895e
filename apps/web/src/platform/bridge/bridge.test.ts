import { afterEach, describe, expect, it, vi } from 'vitest';
import hostQueueScript from '/public/host-queue.js?raw';
import { BridgeError, HostBridge, detectNativeTransport, inNativeWebView, lateNativeTransport, listen, type Transport } from './bridge.ts';

function fakeHost(answer: (request: { id: string; method: string; params: unknown }) => object | null) {
  const sent: string[] = [];
  const transport: Transport = {
    kind: 'android',
    send(message) {
      sent.push(message);
      const request = JSON.parse(message);
      const reply = answer(request);
      if (reply) queueMicrotask(() => bridge.receive(JSON.stringify({ padhub: 1, id: request.id, ...reply })));
    },
  };
  const bridge: HostBridge = new HostBridge(transport);
  return { bridge, sent };
}

afterEach(() => vi.useRealTimers());

describe('HostBridge', () => {
  it('sends versioned requests and resolves with the result', async () => {
    const { bridge, sent } = fakeHost(() => ({ result: { id: 'org-1' } }));
    await expect(bridge.call('getOrganization', {})).resolves.toEqual({ id: 'org-1' });
    expect(JSON.parse(sent[0] ?? '')).toMatchObject({ padhub: 1, method: 'getOrganization', params: {} });
  });

  it('rejects with the host error code', async () => {
    const { bridge } = fakeHost(() => ({ error: { code: 'cancelled' } }));
    await expect(bridge.call('login', {})).rejects.toMatchObject({ code: 'cancelled' });
  });

  it('times out a host that does not answer', async () => {
    vi.useFakeTimers();
    const { bridge } = fakeHost(() => null);
    const call = bridge.call('getLanguage', {});
    vi.advanceTimersByTime(1501);
    await expect(call).rejects.toMatchObject({ code: 'timeout' });
  });

  it('gives login much longer than the other calls', async () => {
    vi.useFakeTimers();
    const { bridge } = fakeHost(() => null);
    let settled = false;
    const call = bridge.call('login', {}).catch((e: BridgeError) => {
      settled = true;
      return e;
    });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(5 * 60_000);
    expect(await call).toMatchObject({ code: 'timeout' });
  });

  it('refuses methods the host did not list in hello, without asking it', async () => {
    const { bridge, sent } = fakeHost((r) => (r.method === 'hello' ? { result: { version: 1, host: 'x', methods: ['getLanguage'] } } : { result: {} }));
    await bridge.hello('test');
    expect(bridge.supports('getLanguage')).toBe(true);
    await expect(bridge.call('openExternal', { url: 'https://example.com' })).rejects.toMatchObject({ code: 'unsupported' });
    expect(sent).toHaveLength(1);
  });

  it('delivers events and ignores malformed messages', () => {
    const { bridge } = fakeHost(() => null);
    const seen: unknown[] = [];
    bridge.on('languageChanged', (data) => seen.push(data));
    bridge.receive('not json');
    bridge.receive(JSON.stringify({ padhub: 1, id: 'unknown', result: 1 }));
    bridge.receive(JSON.stringify({ padhub: 1, event: 'languageChanged', data: { tag: 'ja_JP' } }));
    expect(seen).toEqual([{ tag: 'ja_JP' }]);
  });

  it('rejects at once when there is no host', async () => {
    const bridge = new HostBridge(null);
    expect(bridge.available).toBe(false);
    await expect(bridge.call('getUserInfo', {})).rejects.toBeInstanceOf(BridgeError);
  });
});

describe('HostBridge against hosts that misbehave', () => {
  it('numbers requests uniquely across page loads, so a late answer cannot resolve a new request', async () => {
    vi.useFakeTimers();
    const before = fakeHost(() => null);
    void before.bridge.call('getUserInfo', {}).catch(() => undefined);
    const staleId: string = JSON.parse(before.sent[0] ?? '').id;
    const after = fakeHost(() => null);
    const call = after.bridge.call('getUserInfo', {});
    const freshId: string = JSON.parse(after.sent[0] ?? '').id;
    expect(freshId).not.toBe(staleId);
    // The host answers the request of the page it had before the reload.
    after.bridge.receive(JSON.stringify({ padhub: 1, id: staleId, result: { token: 'someone-else' } }));
    vi.advanceTimersByTime(1501);
    await expect(call).rejects.toMatchObject({ code: 'timeout' });
  });

  it('treats a hello answer without a methods array as a host that tries every method', async () => {
    const { bridge, sent } = fakeHost((r) => (r.method === 'hello' ? { result: { version: 1, host: 'careless' } } : { result: { tag: 'en_US' } }));
    await bridge.hello('test');
    expect(bridge.supports('getLanguage')).toBe(true);
    await expect(bridge.call('getLanguage', {})).resolves.toEqual({ tag: 'en_US' });
    expect(sent).toHaveLength(2);
  });

  it('keeps the first of two answers, and reads an unknown error code as failed', async () => {
    const { bridge } = fakeHost(() => null);
    const first = bridge.probe('getOrganization', {});
    const second = bridge.probe('login', {});
    bridge.receive(JSON.stringify({ padhub: 1, id: first.id, result: { id: 'one' } }));
    bridge.receive(JSON.stringify({ padhub: 1, id: first.id, result: { id: 'two' } }));
    bridge.receive(JSON.stringify({ padhub: 1, id: second.id, error: { code: 'nope' } }));
    await expect(first.answer).resolves.toEqual({ id: 'one' });
    await expect(second.answer).rejects.toMatchObject({ code: 'failed' });
  });

  it('holds events that come before anyone listens, and delivers them in order to the first listener', () => {
    const { bridge } = fakeHost(() => null);
    bridge.receive(JSON.stringify({ padhub: 1, event: 'languageChanged', data: { tag: 'ja_JP' } }));
    bridge.receive(JSON.stringify({ padhub: 1, event: 'languageChanged', data: { tag: 'ko_KR' } }));
    const seen: unknown[] = [];
    bridge.on('languageChanged', (data) => seen.push(data));
    expect(seen).toEqual([{ tag: 'ja_JP' }, { tag: 'ko_KR' }]);
  });

  it('takes over what public/host-queue.js held before the page scripts ran', () => {
    const win = { padhub: { postMessage: vi.fn(), onmessage: null } } as unknown as Window;
    new Function('window', hostQueueScript)(win);
    // The host sends before the page listens, both ways a host can.
    expect(() => win.padhubBridge?.receive(JSON.stringify({ padhub: 1, event: 'userChanged', data: { token: 't1' } }))).not.toThrow();
    win.padhub?.onmessage?.({ data: JSON.stringify({ padhub: 1, event: 'userChanged', data: { token: 't2' } }) });
    const { bridge } = fakeHost(() => null);
    listen(bridge, win);
    const seen: unknown[] = [];
    bridge.on('userChanged', (data) => seen.push(data));
    expect(seen).toEqual([{ token: 't1' }, { token: 't2' }]);
    expect(win.padhubBridgeQueue).toBeUndefined();
  });
});

describe('a native WebView whose bridge object comes late', () => {
  it('is recognised by the host user agent token, not by the missing object', () => {
    expect(inNativeWebView('Mozilla/5.0 (Linux; Android 14; wv) Chrome/126 Mobile PadhubHost/5.2')).toBe(true);
    expect(inNativeWebView('Mozilla/5.0 (Linux; Android 14; wv) Chrome/126 Mobile')).toBe(false);
  });

  it('fails calls at once until the object is there, then uses it and listens to it', async () => {
    const win = {} as Window;
    const bridge: HostBridge = new HostBridge(lateNativeTransport(() => bridge, win));
    await expect(bridge.call('getOrganization', {})).rejects.toMatchObject({ code: 'failed' });
    const android: { postMessage(m: string): void; onmessage?: ((e: { data: string }) => void) | null } = {
      postMessage(message) {
        const { id } = JSON.parse(message);
        queueMicrotask(() => android.onmessage?.({ data: JSON.stringify({ padhub: 1, id, result: { id: 'acme' } }) }));
      },
    };
    win.padhub = android;
    await expect(bridge.call('getOrganization', {})).resolves.toEqual({ id: 'acme' });
  });
});

describe('detectNativeTransport', () => {
  it('finds the iOS handler first, then the Android object', () => {
    const ios = { postMessage: vi.fn() };
    const android = { postMessage: vi.fn() };
    expect(detectNativeTransport({ webkit: { messageHandlers: { padhub: ios } }, padhub: android } as unknown as Window)?.kind).toBe('ios');
    expect(detectNativeTransport({ padhub: android } as unknown as Window)?.kind).toBe('android');
    expect(detectNativeTransport({} as Window)).toBeNull();
  });
});
