import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HostBridge } from './bridge/bridge.ts';
import { openExternal, playVideo } from './external.ts';

/** A host that lists both methods and answers them as told (null: never). */
function host(answer: object | null, methods = ['openExternal', 'playVideo']) {
  const sent: string[] = [];
  const bridge: HostBridge = new HostBridge({
    kind: 'ios',
    send(message) {
      const { id, method } = JSON.parse(message);
      sent.push(method);
      const reply = method === 'hello' ? { result: { version: 1, host: 'test', methods } } : answer;
      if (reply) queueMicrotask(() => bridge.receive(JSON.stringify({ padhub: 1, id, ...reply })));
    },
  });
  return Object.assign(bridge, { sent });
}

let opened: unknown[][];
beforeEach(() => {
  opened = [];
  vi.spyOn(window, 'open').mockImplementation((...args: unknown[]) => {
    opened.push(args);
    return null;
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('openExternal and playVideo', () => {
  it('leave it to the host when it opened the link, or the person cancelled, or it failed', async () => {
    for (const answer of [{ result: {} }, { error: { code: 'cancelled' } }, { error: { code: 'failed' } }]) {
      const bridge = host(answer);
      await bridge.hello('test');
      await openExternal('https://example.com/store', bridge);
      await playVideo('https://example.com/a.avi', bridge);
    }
    expect(opened).toEqual([]);
  });

  it('open a window when the host does not know the method', async () => {
    const bridge = host({ error: { code: 'unsupported' } });
    await openExternal('https://example.com/store', bridge);
    expect(opened).toEqual([['https://example.com/store', '_blank', 'noopener,noreferrer']]);
  });

  it('open a window when the host did not list the method, without asking it', async () => {
    const bridge = host({ result: {} }, []);
    await bridge.hello('test');
    await openExternal('https://example.com/store', bridge);
    expect(opened).toHaveLength(1);
    expect(bridge.sent).toEqual(['hello']);
    await openExternal('https://example.com/store', new HostBridge(null));
    expect(opened).toHaveLength(2);
  });

  it('open a window when the host does not answer in time', async () => {
    vi.useFakeTimers();
    const bridge = host(null);
    const done = openExternal('https://example.com/store', bridge);
    await vi.advanceTimersByTimeAsync(1501);
    await done;
    expect(opened).toHaveLength(1);
  });
});
