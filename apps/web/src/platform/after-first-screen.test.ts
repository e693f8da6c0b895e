import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  vi.resetModules();
});

describe('afterFirstScreen', () => {
  it('runs what waited for the first screen in tasks of their own, not in one long task', async () => {
    vi.useFakeTimers();
    const idle: (() => void)[] = [];
    vi.stubGlobal('requestIdleCallback', (callback: () => void) => idle.push(callback));
    const { afterFirstScreen } = await import('./after-first-screen.ts');
    const ran: string[] = [];
    afterFirstScreen(() => ran.push('first'));
    afterFirstScreen(() => ran.push('second'));
    // An ordinary page (no data island) is done once loaded, at the next idle moment.
    await vi.waitFor(() => expect(idle).toHaveLength(1));
    idle[0]?.();
    expect(ran).toEqual([]);
    vi.advanceTimersToNextTimer();
    expect(ran).toEqual(['first']);
    vi.advanceTimersToNextTimer();
    expect(ran).toEqual(['first', 'second']);
    // Once done, at once.
    afterFirstScreen(() => ran.push('later'));
    expect(ran).toEqual(['first', 'second', 'later']);
  });
});
