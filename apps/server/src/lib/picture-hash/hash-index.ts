import { FINGERPRINT_BYTES, MATCH_COLOUR, MATCH_DISTANCE, colourDistance, distance, words } from './hash.ts';

/** A hash's four 16-bit parts. */
const PARTS = 4;
/**
 * Any hash within MATCH_DISTANCE of a query has, in at least one part, at most
 * ⌊MATCH_DISTANCE / PARTS⌋ bits different (pigeonhole): only those near a part are compared.
 */
const PART_RADIUS = Math.floor(MATCH_DISTANCE / PARTS);

/** Every 16-bit value within `radius` bits of `value`. */
function neighbours(value: number, radius: number, from = 0, out: number[] = [value]): number[] {
  if (radius === 0) return out;
  for (let bit = from; bit < 16; bit++) {
    const flipped = value ^ (1 << bit);
    out.push(flipped);
    neighbours(flipped, radius - 1, bit + 1, out);
  }
  return out;
}

/** The nearest entry within MATCH_DISTANCE, and how near. */
export interface HashMatch {
  entry: string;
  distance: number;
}

/**
 * An organisation's removed pictures' hashes, looked up by multi-index hashing (Norouzi et al.):
 * four tables, one per 16-bit part, each a bucket per part value (offsets and positions, as
 * compressed rows). A lookup compares only the hashes that share a nearly equal part: at 100 000
 * hashes a few hundred, where a scan compares them all (bench/safety.ts). Built whole, immutable.
 */
export class HashIndex {
  private readonly low: Uint32Array;
  private readonly high: Uint32Array;
  private readonly offsets: Uint32Array[] = [];
  private readonly positions: Uint32Array[] = [];
  private readonly seen: Uint32Array;
  private stamp = 0;

  /** `prints` are fingerprints (hash.ts) one after another; `owners[i]` is the entry fingerprint i belongs to. */
  constructor(
    private readonly prints: Uint8Array,
    private readonly owners: string[],
  ) {
    const n = prints.length / FINGERPRINT_BYTES;
    this.low = new Uint32Array(n);
    this.high = new Uint32Array(n);
    for (let i = 0; i < n; i++) [this.low[i], this.high[i]] = words(prints, i * FINGERPRINT_BYTES);
    this.seen = new Uint32Array(n);
    for (let part = 0; part < PARTS; part++) {
      const offsets = new Uint32Array(65537);
      for (let i = 0; i < n; i++) offsets[this.part(i, part) + 1]!++;
      for (let v = 0; v < 65536; v++) offsets[v + 1]! += offsets[v]!;
      const positions = new Uint32Array(n);
      const next = offsets.slice(0, 65536);
      for (let i = 0; i < n; i++) positions[next[this.part(i, part)]!++] = i;
      this.offsets.push(offsets);
      this.positions.push(positions);
    }
  }

  get size(): number {
    return this.low.length;
  }

  private part(i: number, part: number): number {
    const word = part < 2 ? this.low[i]! : this.high[i]!;
    return (part % 2 === 0 ? word : word >>> 16) & 0xffff;
  }

  /** The entry nearest to the fingerprint, if one's hash is within MATCH_DISTANCE and its colours within MATCH_COLOUR. */
  nearest(print: Uint8Array): HashMatch | null {
    const [low, high] = words(print);
    // A new stamp marks this lookup's compared hashes without clearing the marks of the last.
    this.stamp = this.stamp === 0xffffffff ? 1 : this.stamp + 1;
    if (this.stamp === 1) this.seen.fill(0);
    let best: HashMatch | null = null;
    for (let part = 0; part < PARTS; part++) {
      const word = part < 2 ? low : high;
      const value = (part % 2 === 0 ? word : word >>> 16) & 0xffff;
      const offsets = this.offsets[part]!;
      const positions = this.positions[part]!;
      for (const near of neighbours(value, PART_RADIUS)) {
        for (let at = offsets[near]!; at < offsets[near + 1]!; at++) {
          const i = positions[at]!;
          if (this.seen[i] === this.stamp) continue;
          this.seen[i] = this.stamp;
          const d = distance(low, high, this.low[i]!, this.high[i]!);
          if (d > MATCH_DISTANCE || (best && d >= best.distance)) continue;
          if (colourDistance(print, 0, this.prints, i * FINGERPRINT_BYTES) <= MATCH_COLOUR) best = { entry: this.owners[i]!, distance: d };
        }
      }
    }
    return best;
  }
}
