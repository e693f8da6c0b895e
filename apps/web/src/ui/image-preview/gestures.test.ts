import { describe, expect, it } from 'vitest';
import { imagePreview } from '@padhub/contracts';
import { type GestureEvent, type GestureOutput, type GestureState, initialGesture, nextDeadline, step } from './gestures.ts';

const stage = { width: 400, height: 800 };
const centre = { x: 200, y: 400 };

/** Replays events from a state; answers the last state and every output on the way. */
function play(state: GestureState, events: GestureEvent[]) {
  const outputs: GestureOutput[] = [];
  for (const event of events) {
    const next = step(state, event);
    state = next.state;
    outputs.push(...next.outputs);
  }
  return { state, outputs };
}

const start = (index = 0, count = 3) => initialGesture({ count, index, stage });
const down = (t: number, x = centre.x, y = centre.y, id = 1): GestureEvent => ({ type: 'down', id, x, y, t });
const move = (t: number, x: number, y = centre.y, id = 1): GestureEvent => ({ type: 'move', id, x, y, t });
const up = (t: number, x = centre.x, y = centre.y, id = 1): GestureEvent => ({ type: 'up', id, x, y, t });
const tap = (t: number, x = centre.x, y = centre.y): GestureEvent[] => [down(t, x, y), up(t + 40, x, y)];

/** Two fingers 100 px apart around the centre, then spread to `gap` px apart. */
function pinchTo(state: GestureState, gap: number, t = 0) {
  return play(state, [
    down(t, centre.x - 50, centre.y, 1),
    down(t + 5, centre.x + 50, centre.y, 2),
    move(t + 20, centre.x - gap / 2, centre.y, 1),
    move(t + 25, centre.x + gap / 2, centre.y, 2),
  ]);
}

describe('swipe', () => {
  it('goes to the next image past the threshold, animated, and the previous one the other way', () => {
    const next = play(start(1), [down(0), move(50, 150), move(200, 50), up(300, 50)]).state;
    expect(next.index).toBe(2);
    expect(next.dragX).toBe(0);
    expect(next.animate).toBe(true);

    const previous = play(start(1), [down(0, 50), move(200, 300), up(300, 300)]).state;
    expect(previous.index).toBe(0);
  });

  it('follows the finger while it moves', () => {
    const { state } = play(start(1), [down(0), move(50, 120)]);
    expect(state.dragX).toBe(-80);
    expect(state.animate).toBe(false);
  });

  it('does not go past the last image, and only rubber-bands there', () => {
    const moving = play(start(2), [down(0), move(100, 0)]).state;
    expect(moving.dragX).toBe(-200 * 0.3);
    const released = play(moving, [up(300, 0)]).state;
    expect(released.index).toBe(2);
    expect(released.dragX).toBe(0);
  });

  it('does not go before the first image', () => {
    expect(play(start(0), [down(0, 50), move(100, 350), up(300, 350)]).state.index).toBe(0);
  });

  it('snaps back after a short slow swipe', () => {
    const { state, outputs } = play(start(1), [down(0), move(200, 160), up(400, 160)]);
    expect(state.index).toBe(1);
    expect(state.dragX).toBe(0);
    expect(state.animate).toBe(true);
    expect(outputs).toEqual([]);
  });

  it('takes a short quick flick to the next image', () => {
    expect(play(start(1), [down(0), move(40, 150), up(80, 150)]).state.index).toBe(2);
  });

  it('pans a zoomed image instead of changing image', () => {
    const zoomed = pinchTo(start(1), 300).state;
    const settled = play(zoomed, [up(100, 50, centre.y, 1), up(110, 350, centre.y, 2)]).state;
    expect(settled.scale).toBe(3);
    const { state } = play(settled, [down(500), move(520, 100), up(600, 100)]);
    expect(state.index).toBe(1);
    expect(state.offset.x).toBe(settled.offset.x - 100);
  });
});

describe('pinch', () => {
  it('zooms with the distance between the fingers', () => {
    expect(pinchTo(start(), 200).state.scale).toBe(2);
  });

  it('is clamped to [minZoom, maxZoom] while pinching', () => {
    expect(pinchTo(start(), 1000).state.scale).toBe(imagePreview.maxZoom);
    expect(pinchTo(start(), 10).state.scale).toBe(imagePreview.minZoom);
  });

  it('goes back to 1 on release when below 1', () => {
    const pinched = pinchTo(start(), 50).state;
    expect(pinched.scale).toBe(0.5);
    const released = play(pinched, [up(100, 175, centre.y, 1), up(110, 225, centre.y, 2)]).state;
    expect(released.scale).toBe(1);
    expect(released.offset).toEqual({ x: 0, y: 0 });
    expect(released.animate).toBe(true);
  });

  it('keeps a zoom between 1 and 3 on release', () => {
    const pinched = pinchTo(start(), 200).state;
    expect(play(pinched, [up(100, 100, centre.y, 1), up(110, 300, centre.y, 2)]).state.scale).toBe(2);
  });

  it('neither taps nor swipes', () => {
    const { state, outputs } = play(pinchTo(start(1), 200).state, [up(100, 100, centre.y, 1), up(110, 300, centre.y, 2), { type: 'tick', t: 1000 }]);
    expect(outputs).toEqual([]);
    expect(state.index).toBe(1);
  });
});

describe('taps', () => {
  it('double tap within the window zooms to 2 around the tapped point, then back to 1', () => {
    const zoomed = play(start(), [...tap(0, 300, 500), ...tap(150, 302, 498)]);
    expect(zoomed.outputs).toEqual([]);
    expect(zoomed.state.scale).toBe(2);
    // The point of the second tap (102 px right of and 98 px below the centre) stays under the finger.
    expect(zoomed.state.offset).toEqual({ x: -102, y: -98 });
    expect(zoomed.state.animate).toBe(true);

    const back = play(zoomed.state, [...tap(1000, 300, 500), ...tap(1150, 300, 500), { type: 'tick', t: 2000 }]);
    expect(back.outputs).toEqual([]);
    expect(back.state.scale).toBe(1);
    expect(back.state.offset).toEqual({ x: 0, y: 0 });
  });

  it('keeps a double-tap zoom inside the image edges', () => {
    const { state } = play(start(), [...tap(0, 0, 0), ...tap(100, 0, 0)]);
    // At scale 2 a 400×800 image may move at most 200 px and 400 px from the centre.
    expect(state.offset).toEqual({ x: 200, y: 400 });
  });

  it('two taps 300 ms apart are two single taps', () => {
    const first = play(start(), tap(0));
    expect(first.outputs).toEqual([]);
    expect(nextDeadline(first.state)).toBe(40 + imagePreview.doubleTapWindowMs);

    const { state, outputs } = play(first.state, [...tap(340), { type: 'tick', t: 340 + 40 + imagePreview.doubleTapWindowMs }]);
    expect(outputs).toEqual([{ type: 'tap' }, { type: 'tap' }]);
    expect(state.scale).toBe(1);
  });

  it('a single tap is reported only once the double-tap window has passed', () => {
    const tapped = play(start(), tap(0)).state;
    expect(step(tapped, { type: 'tick', t: 40 + imagePreview.doubleTapWindowMs - 1 }).outputs).toEqual([]);
    expect(step(tapped, { type: 'tick', t: 40 + imagePreview.doubleTapWindowMs }).outputs).toEqual([{ type: 'tap' }]);
  });

  it('a second tap far from the first is not a double tap', () => {
    const { state, outputs } = play(start(), [...tap(0, 100, 100), ...tap(100, 300, 600)]);
    expect(outputs).toEqual([{ type: 'tap' }]);
    expect(state.scale).toBe(1);
  });

  it('a tap followed by a swipe is not a tap', () => {
    const { outputs } = play(start(1), [...tap(0), down(100), move(150, 100), up(200, 100), { type: 'tick', t: 2000 }]);
    expect(outputs).toEqual([]);
  });
});

describe('long press', () => {
  it('is reported after longPressMs without movement, and the release does not close', () => {
    const pressed = play(start(2), [down(0), move(100, centre.x + 4, centre.y + 3)]);
    expect(nextDeadline(pressed.state)).toBe(imagePreview.longPressMs);
    expect(step(pressed.state, { type: 'tick', t: imagePreview.longPressMs - 1 }).outputs).toEqual([]);

    const { state, outputs } = play(pressed.state, [{ type: 'tick', t: imagePreview.longPressMs }, up(900), { type: 'tick', t: 5000 }]);
    expect(outputs).toEqual([{ type: 'longPress', index: 2 }]);
    expect(state.index).toBe(2);
  });

  it('is reported on release when the timer came late', () => {
    expect(play(start(), [down(0), up(imagePreview.longPressMs + 20), { type: 'tick', t: 5000 }]).outputs).toEqual([{ type: 'longPress', index: 0 }]);
  });

  it('is cancelled by moving 20 px', () => {
    const { state, outputs } = play(start(), [down(0), move(100, centre.x, centre.y + 20), { type: 'tick', t: 600 }, up(700, centre.x, centre.y + 20), { type: 'tick', t: 5000 }]);
    expect(outputs).toEqual([]);
    expect(state.index).toBe(0);
  });

  it('is cancelled by a second finger', () => {
    const { outputs } = play(start(), [down(0), down(100, 300, 400, 2), { type: 'tick', t: 600 }]);
    expect(outputs).toEqual([]);
  });
});

describe('keyboard and layout', () => {
  it('goes to an image in range and resets the zoom', () => {
    const zoomed = play(start(1), [...tap(0), ...tap(100)]).state;
    expect(zoomed.scale).toBe(2);
    const next = step(zoomed, { type: 'go', index: 2 }).state;
    expect(next).toMatchObject({ index: 2, scale: 1, offset: { x: 0, y: 0 }, animate: true });
    expect(step(next, { type: 'go', index: 3 }).state.index).toBe(2);
  });

  it('clamps the start index to the images', () => {
    expect(initialGesture({ count: 3, index: 7, stage }).index).toBe(2);
  });

  it('lets a wide image pan only as far as its edges once it is loaded', () => {
    // 800×400 fits the 400×800 stage as 400×200: at scale 3 it is 1200×600, so 400 px each way across and none down.
    const loaded = step(start(), { type: 'loaded', index: 0, width: 800, height: 400 }).state;
    const pinched = play(pinchTo(loaded, 300).state, [up(100, 50, centre.y, 1), up(110, 350, centre.y, 2)]).state;
    const { state } = play(pinched, [down(500), move(520, centre.x + 600, centre.y + 300), up(600, centre.x + 600, centre.y + 300)]);
    expect(state.offset).toEqual({ x: 400, y: 0 });
  });
});
