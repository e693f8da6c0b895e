import { describe, expect, it } from 'vitest';
import { timelineOf } from './timeline.ts';

describe('timelineOf', () => {
  it('draws holds, presses and releases as bars on one lane per button, in order of first use', () => {
    const { lanes, duration } = timelineOf([
      { action: 'press', button: 'dpad_down' },
      { action: 'wait', ms: 16 },
      { action: 'press', button: 'dpad_right' },
      { action: 'wait', ms: 16 },
      { action: 'release', button: 'dpad_down' },
      { action: 'release', button: 'dpad_right' },
      { action: 'hold', button: 'x', ms: 50 },
      { action: 'press', button: 'a' },
      { action: 'release', button: 'a' },
    ]);
    expect(duration).toBe(82);
    expect(lanes).toEqual([
      { button: 'dpad_down', bars: [[0, 32]] },
      { button: 'dpad_right', bars: [[16, 32]] },
      { button: 'x', bars: [[32, 82]] },
      { button: 'a', bars: [[82, 82]] },
    ]);
  });
});
