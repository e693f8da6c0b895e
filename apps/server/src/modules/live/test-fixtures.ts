import { expect } from 'vitest';
import type { Actor, TestApp } from '#server-test/helper.ts';
import { openSse, type SseStream } from '#server-test/sse.ts';

/** The app listening on a port of its own (streams need real HTTP), and a way to open streams on it. */
export async function liveOn(app: TestApp) {
  await app.app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.app.server.address();
  const origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const stream = (query: string, who: Actor | { org: string; headers?: undefined }, extra: Record<string, string> = {}) =>
    openSse(`${origin}/api/events${query}`, { ...(who.headers ?? { accorgid: who.org }), ...extra });
  return { origin, stream };
}

/** Waits until the stream has said it is open (its first id line), so that nothing is published before it subscribed. */
export async function opened(s: Promise<SseStream>): Promise<SseStream> {
  const open = await s;
  for (let i = 0; i < 100 && open.lastId() === undefined; i++) await new Promise((r) => setTimeout(r, 20));
  expect(open.lastId()).toMatch(/^\d+$/);
  return open;
}

export async function until(done: () => boolean): Promise<void> {
  for (let i = 0; i < 250 && !done(); i++) await new Promise((r) => setTimeout(r, 20));
  expect(done()).toBe(true);
}
