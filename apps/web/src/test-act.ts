import { createRequire } from 'node:module';
import type * as TestUtils from 'preact/test-utils';

// What the tests get as `act` (apps/web/vitest.config.ts points preact/test-utils here): Preact's own,
// plus one thing React's act does that the tests were written against. After an async callback,
// React's act waits a macrotask before it flushes, so that the promises the callback started (a
// mutation's first step, a failed refresh) have settled; Preact's flushes as soon as the callback's
// own promise resolves. The macrotask is the real one, taken before a test can fake the timers.
const real = createRequire(import.meta.url)('preact/test-utils') as typeof TestUtils;
const macrotask = globalThis.setTimeout;

export const { setupRerender, teardown } = real;

export function act(callback: () => unknown): Promise<void> {
  let async = false;
  const done = real.act(() => {
    const result = callback();
    if (result instanceof Promise) {
      async = true;
      return result.then(() => undefined);
    }
  });
  if (!async) return done;
  return done.then(() => new Promise((settled) => macrotask(settled, 0))).then(() => real.act(() => undefined));
}
