import { afterEach, describe, expect, it, vi } from 'vitest';
import { HostBridge } from './bridge/bridge.ts';
import { setBadge, share, shareableUrl } from './share.ts';

/** A host that lists `methods` and answers every call but hello with `answer`; records what it was sent. */
function host(answer: object, methods = ['share', 'setBadge']) {
  const sent: { method: string; params: unknown }[] = [];
  const bridge: HostBridge = new HostBridge({
    kind: 'android',
    send(message) {
      const { id, method, params } = JSON.parse(message);
      sent.push({ method, params });
      const reply = method === 'hello' ? { result: { version: 1, host: 'test', methods } } : answer;
      queueMicrotask(() => bridge.receive(JSON.stringify({ padhub: 1, id, ...reply })));
    },
  });
  return Object.assign(bridge, { sent });
}

const link = { url: 'https://padhub.test/app/community/detail?id=42', title: 'A post' };

/** What the browser offers: the Web Share API (or none) and a clipboard that records what it was given. */
function browser({ webShare }: { webShare?: () => Promise<void> }) {
  const copied: string[] = [];
  vi.stubGlobal('navigator', {
    ...navigator,
    share: webShare,
    clipboard: { writeText: async (text: string) => void copied.push(text) },
  });
  return copied;
}

afterEach(() => vi.unstubAllGlobals());

describe('share', () => {
  it('hands the link to the host, and nothing else happens', async () => {
    const copied = browser({ webShare: vi.fn() });
    const bridge = host({ result: {} });
    await bridge.hello('test');
    expect(await share(link, bridge)).toBe('shared');
    expect(bridge.sent.at(-1)).toEqual({ method: 'share', params: link });
    expect(copied).toEqual([]);
  });

  it('does nothing more when the person backs out of the host’s sheet', async () => {
    const copied = browser({});
    const bridge = host({ error: { code: 'cancelled' } });
    await bridge.hello('test');
    expect(await share(link, bridge)).toBe('cancelled');
    expect(copied).toEqual([]);
  });

  it('uses the Web Share API when the host has no share, and copies the link when neither can', async () => {
    const webShare = vi.fn(async () => undefined);
    browser({ webShare });
    const without = host({ result: {} }, ['setBadge']);
    await without.hello('test');
    expect(await share(link, without)).toBe('shared');
    expect(webShare).toHaveBeenCalledWith(link);
    expect(without.sent.map((m) => m.method)).toEqual(['hello']);

    const copied = browser({});
    expect(await share(link, without)).toBe('copied');
    expect(copied).toEqual([link.url]);
  });

  it('copies the link when the host answers unsupported', async () => {
    const copied = browser({});
    const bridge = host({ error: { code: 'unsupported' } });
    await bridge.hello('test');
    expect(await share(link, bridge)).toBe('copied');
    expect(copied).toEqual([link.url]);
  });

  it('builds the address of an app page on this origin', () => {
    expect(shareableUrl('/community/detail?id=42')).toBe(`${location.origin}/app/community/detail?id=42`);
  });
});

describe('setBadge', () => {
  it('tells a host that has a badge the unread count, and asks nothing of one that has none', async () => {
    const bridge = host({ result: {} });
    await bridge.hello('test');
    setBadge(3, bridge);
    expect(bridge.sent.at(-1)).toEqual({ method: 'setBadge', params: { count: 3 } });
    const without = host({ result: {} }, ['share']);
    await without.hello('test');
    setBadge(3, without);
    expect(without.sent.map((m) => m.method)).toEqual(['hello']);
  });
});
