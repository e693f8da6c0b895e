import { imagePreview } from '@padhub/contracts';
import {
  DOUBLE_TAP_SLOP_PX,
  DOUBLE_TAP_ZOOM,
  FLICK_MIN_PX,
  FLICK_PX_PER_MS,
  type Point,
  RUBBER_BAND,
  SWIPE_RATIO,
  type Size,
  TAP_SLOP_PX,
  clamp,
  distance,
  midpoint,
} from './geometry.ts';

export type { Size };

/**
 * The image preview's gestures as a pure state machine: pointer events (stage coordinates, with a
 * timestamp) go in, the preview's state and what the component must do (close, report a long
 * press) come out. No DOM and no clock: time passes only through the events, so the tests can
 * replay a gesture millisecond by millisecond. The component asks `nextDeadline` when to send a
 * `tick` (the long press and the end of the double-tap window happen while no pointer moves).
 */

interface Pointer extends Point {
  id: number;
}
type Stamp = Point & { t: number };

type Mode =
  | { kind: 'idle' }
  /** One finger down that has not moved yet: a tap, a double tap or a long press to be. */
  | { kind: 'press'; start: Stamp }
  /** The long press has been reported; nothing else happens until the finger lifts. */
  | { kind: 'held' }
  | { kind: 'swipe'; start: Stamp }
  | { kind: 'pan'; start: Point; from: Point }
  | { kind: 'pinch'; distance: number; centre: Point; scale: number; offset: Point };

export interface GestureState {
  count: number;
  index: number;
  stage: Size;
  /** Natural sizes of the images that have loaded, by index. */
  sizes: Readonly<Record<number, Size>>;
  scale: number;
  /** Translation of the current image from the stage centre, in px. */
  offset: Point;
  /** Horizontal drag of the track while swiping, in px. */
  dragX: number;
  /** Whether the next change of scale, offset or track position is animated (false while a finger drives it). */
  animate: boolean;
  pointers: readonly Pointer[];
  mode: Mode;
  /** A tap waiting to know whether a second one makes it a double tap (t: when the finger lifted). */
  pendingTap: Stamp | null;
}

export type GestureEvent =
  | { type: 'down' | 'move' | 'up'; id: number; x: number; y: number; t: number }
  | { type: 'cancel'; id: number }
  | { type: 'tick'; t: number }
  | { type: 'go'; index: number }
  | { type: 'resize'; width: number; height: number }
  | { type: 'loaded'; index: number; width: number; height: number };

/** What the component must do: a single tap closes the preview; a long press is reported. */
export type GestureOutput = { type: 'tap' } | { type: 'longPress'; index: number };

export interface Step {
  state: GestureState;
  outputs: GestureOutput[];
}

export function initialGesture({ count, index, stage }: { count: number; index: number; stage: Size }): GestureState {
  return {
    count,
    index: clamp(index, 0, Math.max(0, count - 1)),
    stage,
    sizes: {},
    scale: 1,
    offset: { x: 0, y: 0 },
    dragX: 0,
    animate: false,
    pointers: [],
    mode: { kind: 'idle' },
    pendingTap: null,
  };
}

/** When a `tick` must be sent if nothing else happens before (ms, same clock as the events), or null. */
export function nextDeadline(state: GestureState): number | null {
  if (state.mode.kind === 'press') return state.mode.start.t + imagePreview.longPressMs;
  if (state.mode.kind === 'idle' && state.pendingTap) return state.pendingTap.t + imagePreview.doubleTapWindowMs;
  return null;
}

export function step(state: GestureState, event: GestureEvent): Step {
  const outputs: GestureOutput[] = [];
  if ('t' in event) state = resolveExpiredTap(state, event.t, outputs);
  switch (event.type) {
    case 'down':
      return { state: down(state, event), outputs };
    case 'move':
      return { state: move(state, event), outputs };
    case 'up':
      return { state: up(state, event, outputs), outputs };
    case 'cancel':
      return { state: lift(state, event.id), outputs };
    case 'tick':
      return { state: tick(state, event.t, outputs), outputs };
    case 'go':
      return { state: go(state, event.index), outputs };
    case 'resize':
      return { state: settle({ ...state, stage: { width: event.width, height: event.height } }), outputs };
    case 'loaded':
      return { state: settle({ ...state, sizes: { ...state.sizes, [event.index]: { width: event.width, height: event.height } } }), outputs };
  }
}

/** The window has passed without a second tap: the first one was a single tap. */
function resolveExpiredTap(state: GestureState, t: number, outputs: GestureOutput[]): GestureState {
  if (!state.pendingTap || state.mode.kind !== 'idle' || t - state.pendingTap.t < imagePreview.doubleTapWindowMs) return state;
  outputs.push({ type: 'tap' });
  return { ...state, pendingTap: null };
}

function down(state: GestureState, { id, x, y, t }: Pointer & { t: number }): GestureState {
  // A third finger, or a second pointer id reused, changes nothing.
  if (state.pointers.length >= 2 || state.pointers.some((p) => p.id === id)) return state;
  const pointers = [...state.pointers, { id, x, y }];
  if (pointers.length === 1) return { ...state, pointers, mode: { kind: 'press', start: { x, y, t } } };
  return startPinch({ ...state, pointers, pendingTap: null, dragX: 0 });
}

function startPinch(state: GestureState): GestureState {
  const [a, b] = state.pointers as [Pointer, Pointer];
  return {
    ...state,
    animate: false,
    mode: { kind: 'pinch', distance: Math.max(1, distance(a, b)), centre: fromCentre(state, midpoint(a, b)), scale: state.scale, offset: state.offset },
  };
}

function move(state: GestureState, { id, x, y }: Pointer): GestureState {
  if (!state.pointers.some((p) => p.id === id)) return state;
  state = { ...state, pointers: state.pointers.map((p) => (p.id === id ? { id, x, y } : p)) };
  const { mode } = state;
  switch (mode.kind) {
    case 'press': {
      if (distance(mode.start, { x, y }) <= TAP_SLOP_PX) return state;
      // The finger travelled: no tap, no long press, no double tap with an earlier tap.
      const dragging: GestureState = { ...state, animate: false, pendingTap: null };
      if (state.scale > 1) return pan({ ...dragging, mode: { kind: 'pan', start: mode.start, from: state.offset } }, { x, y });
      return swipe({ ...dragging, mode: { kind: 'swipe', start: mode.start } }, x);
    }
    case 'swipe':
      return swipe(state, x);
    case 'pan':
      return pan(state, { x, y });
    case 'pinch':
      return pinch(state);
    case 'idle':
    case 'held':
      return state;
  }
}

function swipe(state: GestureState, x: number): GestureState {
  if (state.mode.kind !== 'swipe') return state;
  const dx = x - state.mode.start.x;
  const pastEnd = (dx > 0 && state.index === 0) || (dx < 0 && state.index === state.count - 1);
  return { ...state, dragX: pastEnd ? dx * RUBBER_BAND : dx };
}

function pan(state: GestureState, at: Point): GestureState {
  if (state.mode.kind !== 'pan') return state;
  const { start, from } = state.mode;
  return { ...state, offset: clampOffset(state, state.scale, { x: from.x + at.x - start.x, y: from.y + at.y - start.y }) };
}

function pinch(state: GestureState): GestureState {
  if (state.mode.kind !== 'pinch' || state.pointers.length < 2) return state;
  const [a, b] = state.pointers as [Pointer, Pointer];
  const start = state.mode;
  const scale = clamp((start.scale * distance(a, b)) / start.distance, imagePreview.minZoom, imagePreview.maxZoom);
  // The point of the image that was under the fingers' midpoint stays under it.
  const centre = fromCentre(state, midpoint(a, b));
  const ratio = scale / start.scale;
  return {
    ...state,
    scale,
    offset: { x: centre.x - (start.centre.x - start.offset.x) * ratio, y: centre.y - (start.centre.y - start.offset.y) * ratio },
  };
}

function up(state: GestureState, event: Pointer & { t: number }, outputs: GestureOutput[]): GestureState {
  if (!state.pointers.some((p) => p.id === event.id)) return state;
  const { mode } = state;
  if (mode.kind === 'press' && state.pointers.length === 1) {
    const rest = { ...state, pointers: [], mode: { kind: 'idle' } } satisfies GestureState;
    // The timer may fire late: a press held long enough is a long press even if no tick came.
    if (event.t - mode.start.t >= imagePreview.longPressMs) {
      outputs.push({ type: 'longPress', index: state.index });
      return { ...rest, pendingTap: null };
    }
    const first = state.pendingTap;
    if (first && mode.start.t - first.t < imagePreview.doubleTapWindowMs && distance(first, mode.start) <= DOUBLE_TAP_SLOP_PX) {
      return toggleZoom({ ...rest, pendingTap: null }, fromCentre(state, mode.start));
    }
    // A second tap too far from the first: the first was a single tap after all.
    if (first) outputs.push({ type: 'tap' });
    return { ...rest, pendingTap: { x: mode.start.x, y: mode.start.y, t: event.t } };
  }
  if (mode.kind === 'swipe') {
    const dx = event.x - mode.start.x;
    const elapsed = Math.max(1, event.t - mode.start.t);
    const far = Math.abs(dx) >= state.stage.width * SWIPE_RATIO;
    const flick = Math.abs(dx) >= FLICK_MIN_PX && Math.abs(dx) / elapsed >= FLICK_PX_PER_MS;
    const index = far || flick ? clamp(state.index + (dx < 0 ? 1 : -1), 0, state.count - 1) : state.index;
    return lift({ ...state, index }, event.id);
  }
  return lift(state, event.id);
}

/** A pointer leaves (lifted or cancelled): the gesture ends, or a pinch goes on as a pan with the finger left. */
function lift(state: GestureState, id: number): GestureState {
  const pointers = state.pointers.filter((p) => p.id !== id);
  if (pointers.length === state.pointers.length) return state;
  const [left] = pointers;
  if (left) {
    return { ...state, pointers, mode: state.mode.kind === 'pinch' ? { kind: 'pan', start: left, from: state.offset } : state.mode };
  }
  return settle({ ...state, pointers, mode: { kind: 'idle' }, dragX: 0, animate: true });
}

function tick(state: GestureState, t: number, outputs: GestureOutput[]): GestureState {
  if (state.mode.kind !== 'press' || t - state.mode.start.t < imagePreview.longPressMs) return state;
  outputs.push({ type: 'longPress', index: state.index });
  return { ...state, mode: { kind: 'held' }, pendingTap: null };
}

function go(state: GestureState, index: number): GestureState {
  if (index < 0 || index >= state.count || index === state.index) return state;
  return { ...state, index, scale: 1, offset: { x: 0, y: 0 }, dragX: 0, animate: true, pendingTap: null };
}

function toggleZoom(state: GestureState, at: Point): GestureState {
  if (state.scale > 1) return { ...state, scale: 1, offset: { x: 0, y: 0 }, animate: true };
  // From scale 1 and no offset, the tapped point stays where it is when the image doubles.
  const offset = { x: at.x * (1 - DOUBLE_TAP_ZOOM), y: at.y * (1 - DOUBLE_TAP_ZOOM) };
  return { ...state, scale: DOUBLE_TAP_ZOOM, offset: clampOffset(state, DOUBLE_TAP_ZOOM, offset), animate: true };
}

/** At rest the image is never smaller than the stage allows (scale ≥ 1) and never pulled off its edges. */
function settle(state: GestureState): GestureState {
  if (state.pointers.length > 0) return state;
  const scale = clamp(state.scale, 1, imagePreview.maxZoom);
  const offset = scale === 1 ? { x: 0, y: 0 } : clampOffset(state, scale, state.offset);
  return { ...state, scale, offset };
}

/** The size of the current image on the stage at scale 1 (contained), or the stage before it has loaded. */
function fittedSize(state: GestureState): Size {
  const natural = state.sizes[state.index];
  const { stage } = state;
  if (!natural || natural.width <= 0 || natural.height <= 0) return stage;
  const fit = Math.min(stage.width / natural.width, stage.height / natural.height);
  return { width: natural.width * fit, height: natural.height * fit };
}

function clampOffset(state: GestureState, scale: number, offset: Point): Point {
  const content = fittedSize(state);
  const maxX = Math.max(0, (content.width * scale - state.stage.width) / 2);
  const maxY = Math.max(0, (content.height * scale - state.stage.height) / 2);
  return { x: clamp(offset.x, -maxX, maxX), y: clamp(offset.y, -maxY, maxY) };
}

function fromCentre(state: GestureState, p: Point): Point {
  return { x: p.x - state.stage.width / 2, y: p.y - state.stage.height / 2 };
}
