import { afterEach, describe, expect, it, vi } from 'vitest';
import { whenIdle } from './when-idle.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('whenIdle', () => {
  it('waits for the browser to be idle, at the latest for the timeout', () => {
    const asked: [() => void, IdleRequestOptions | undefined][] = [];
    vi.stubGlobal('requestIdleCallback', (callback: () => void, options?: IdleRequestOptions) => asked.push([callback, options]));
    const run = vi.fn();
    whenIdle(run, { timeout: 2_000, otherwise: 500 });
    expect(asked.map(([, options]) => options)).toEqual([{ timeout: 2_000 }]);
    expect(run).not.toHaveBeenCalled();
    asked[0]?.[0]();
    expect(run).toHaveBeenCalledOnce();
  });

  it('runs after the fallback delay where there is no idle callback', () => {
    vi.useFakeTimers();
    vi.stubGlobal('requestIdleCallback', undefined);
    const run = vi.fn();
    whenIdle(run, { timeout: 10_000, otherwise: 3_000 });
    vi.advanceTimersByTime(2_999);
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(run).toHaveBeenCalledOnce();
  });
});
