/** The preview's tuning and the plane geometry its gestures are computed with. */

/** Movement under which a press still counts as a tap or a long press (a finger is never still). */
export const TAP_SLOP_PX = 10;
/** How near the first tap the second must land to make a double tap. */
export const DOUBLE_TAP_SLOP_PX = 30;
export const DOUBLE_TAP_ZOOM = 2;
/** A swipe longer than this share of the stage width goes to the neighbour image... */
export const SWIPE_RATIO = 0.25;
/** ...and so does a short quick flick. */
export const FLICK_MIN_PX = 30;
export const FLICK_PX_PER_MS = 0.4;
/** Past the first or the last image the track follows the finger only this much. */
export const RUBBER_BAND = 0.3;

export interface Point {
  x: number;
  y: number;
}
export interface Size {
  width: number;
  height: number;
}

export function distance(a: Point, b: Point) {
  return Math.hypot(a.x - b.x, a.y - b.y);
}

export function midpoint(a: Point, b: Point): Point {
  return { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
}

export function clamp(value: number, min: number, max: number) {
  // + 0 turns -0 (clamping 0 to [-0, 0]) into 0.
  return Math.min(max, Math.max(min, value)) + 0;
}
