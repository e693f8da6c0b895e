/** A point on the picture that gets a label beside the controller, with a leader line to it. */
export interface Anchor {
  key: string;
  x: number;
  y: number;
  text: string;
}

export interface Callout extends Anchor {
  side: 'left' | 'right';
  /** Where the label's text sits, one below the other on its side. */
  labelY: number;
}

export interface CalloutArea {
  /** Anchors left of this go to the left margin, the rest to the right. */
  midX: number;
  top: number;
  bottom: number;
  /** Least distance between two labels on one side. */
  gap: number;
}

/**
 * Places the labels of remapped inputs in the margins: each side in the order of its inputs from
 * top to bottom, as near to level with its input as the labels above and below allow, so lines
 * never cross and labels never overlap.
 */
export function placeCallouts(anchors: Anchor[], area: CalloutArea): Callout[] {
  const sides: Record<'left' | 'right', Anchor[]> = { left: [], right: [] };
  for (const anchor of anchors) sides[anchor.x < area.midX ? 'left' : 'right'].push(anchor);
  // Inputs on the middle line (home, gyro) go to the emptier side.
  for (const anchor of anchors.filter((a) => a.x === area.midX)) {
    if (sides.left.length < sides.right.length - 1) {
      sides.right.splice(sides.right.indexOf(anchor), 1);
      sides.left.push(anchor);
    }
  }
  return (['left', 'right'] as const).flatMap((side) => stack(sides[side], side, area));
}

function stack(anchors: Anchor[], side: 'left' | 'right', { top, bottom, gap }: CalloutArea): Callout[] {
  const sorted = [...anchors].sort((a, b) => a.y - b.y || a.x - b.x);
  const ys = sorted.map((a) => a.y);
  // Downwards: no label closer than gap to the one above.
  for (let i = 0; i < ys.length; i++) ys[i] = Math.max(ys[i]!, i === 0 ? top : ys[i - 1]! + gap);
  // Upwards: back inside the bottom, pushing the ones above up as needed.
  for (let i = ys.length - 1; i >= 0; i--) ys[i] = Math.min(ys[i]!, i === ys.length - 1 ? bottom : ys[i + 1]! - gap);
  return sorted.map((anchor, i) => ({ ...anchor, side, labelY: ys[i]! }));
}
