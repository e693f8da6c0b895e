import { afterEach, describe, expect, it, vi } from 'vitest';
import { BridgeError, HostBridge, detectNativeTransport, type Transport } from './bridge.ts';

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

describe('detectNativeTransport', () => {
  it('finds the iOS handler first, then the Android object', () => {
    const ios = { postMessage: vi.fn() };
    const android = { postMessage: vi.fn() };
    expect(detectNativeTransport({ webkit: { messageHandlers: { padhub: ios } }, padhub: android } as unknown as Window)?.kind).toBe('ios');
    expect(detectNativeTransport({ padhub: android } as unknown as Window)?.kind).toBe('android');
    expect(detectNativeTransport({} as Window)).toBeNull();
  });
});
