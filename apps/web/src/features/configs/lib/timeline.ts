import type { GamepadButton, MacroStep } from '@padhub/contracts';

export interface Lane {
  button: GamepadButton;
  /** When the button is down, in ms from the start: [start, end]; a tap with no wait is [t, t]. */
  bars: [number, number][];
}

/** A macro as lanes of held buttons over time, in the order buttons are first used, and how long it plays. */
export function timelineOf(steps: MacroStep[]): { lanes: Lane[]; duration: number } {
  const lanes = new Map<GamepadButton, Lane>();
  const lane = (button: GamepadButton) => {
    let found = lanes.get(button);
    if (!found) lanes.set(button, (found = { button, bars: [] }));
    return found;
  };
  const down = new Map<GamepadButton, number>();
  let now = 0;
  for (const step of steps) {
    switch (step.action) {
      case 'press':
        lane(step.button);
        down.set(step.button, now);
        break;
      case 'release':
        lane(step.button).bars.push([down.get(step.button) ?? now, now]);
        down.delete(step.button);
        break;
      case 'hold':
        lane(step.button).bars.push([now, now + step.ms]);
        now += step.ms;
        break;
      case 'wait':
        now += step.ms;
        break;
    }
  }
  // A stored macro pairs every press with a release; should one not, it is held to the end.
  for (const [button, start] of down) lane(button).bars.push([start, now]);
  return { lanes: [...lanes.values()], duration: now };
}
