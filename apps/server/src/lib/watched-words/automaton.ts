/**
 * Aho–Corasick over UTF-16 units: every pattern found in one pass over the text, whatever their
 * number. Hand-written rather than taken from npm: the maintained package (modern-ahocorasick 3.3)
 * matches grapheme clusters through `Intl.Segmenter`, which cost ~1 µs a character of Chinese or
 * Japanese, 5 ms for a post of 5 000 (the budget of a whole check is 1 ms, bench/safety.ts); the
 * texts given here are already normalised (normalise.ts), so units are all that is needed.
 *
 * Built with a map of moves per state, then packed into flat typed arrays: the moves into one
 * open-addressed table keyed by (state, unit), which a scan reads without a `Map` lookup a unit.
 */
export class Automaton<T> {
  /** The moves: slot → its state, its unit and where it leads (0: an empty slot; no move leads back to the root). */
  private readonly slotState: Int32Array;
  private readonly slotUnit: Uint16Array;
  private readonly slotTo: Int32Array;
  private readonly shift: number;
  private readonly mask: number;
  private readonly fail: Int32Array;
  /** The pattern ending at a state, by index into `data` (−1: none; patterns given twice end at their first). */
  private readonly ends: Int32Array;
  /** The nearest state down the fail links that ends a pattern (0: none). */
  private readonly endLink: Int32Array;
  private readonly lengths: Int32Array;
  /** Patterns given twice: the later indices of one, after its first (rare: callers give each once). */
  private readonly twins = new Map<number, number[]>();

  constructor(private readonly data: readonly { pattern: string; data: T }[]) {
    const next: Array<Map<number, number>> = [new Map<number, number>()];
    const ends: number[] = [-1];
    this.lengths = new Int32Array(data.length);
    let moves = 0;
    data.forEach(({ pattern }, index) => {
      let state = 0;
      for (let i = 0; i < pattern.length; i++) {
        const unit = pattern.charCodeAt(i);
        let to = next[state]!.get(unit);
        if (to === undefined) {
          to = next.length;
          next.push(new Map<number, number>());
          ends.push(-1);
          next[state]!.set(unit, to);
          moves++;
        }
        state = to;
      }
      if (ends[state] === -1) ends[state] = index;
      else this.twins.set(ends[state]!, [...(this.twins.get(ends[state]!) ?? []), index]);
      this.lengths[index] = pattern.length;
    });
    this.ends = Int32Array.from(ends);
    // A table at most half full, so that a probe ends within a few slots.
    const bits = Math.max(4, Math.ceil(Math.log2(moves * 2 + 1)));
    this.shift = 32 - bits;
    this.mask = (1 << bits) - 1;
    this.slotState = new Int32Array(1 << bits);
    this.slotUnit = new Uint16Array(1 << bits);
    this.slotTo = new Int32Array(1 << bits);
    next.forEach((moves, state) => {
      for (const [unit, to] of moves) {
        let slot = this.slot(state, unit);
        while (this.slotTo[slot] !== 0) slot = (slot + 1) & this.mask;
        this.slotState[slot] = state;
        this.slotUnit[slot] = unit;
        this.slotTo[slot] = to;
      }
    });
    this.fail = new Int32Array(next.length);
    this.endLink = new Int32Array(next.length);
    // Breadth first: a state's fail link is a shorter state, already linked.
    const queue = [...next[0]!.values()];
    for (let head = 0; head < queue.length; head++) {
      const state = queue[head]!;
      for (const [unit, to] of next[state]!) {
        let link = this.fail[state]!;
        while (link !== 0 && !next[link]!.has(unit)) link = this.fail[link]!;
        const target = next[link]!.get(unit);
        this.fail[to] = target !== undefined && target !== to ? target : 0;
        const failed = this.fail[to];
        this.endLink[to] = this.ends[failed]! >= 0 ? failed : this.endLink[failed]!;
        queue.push(to);
      }
    }
  }

  private slot(state: number, unit: number): number {
    return Math.imul(state ^ Math.imul(unit, 0x27d4eb2d), 0x9e3779b1) >>> this.shift;
  }

  /** Where `unit` leads from `state` (0: nowhere). */
  private move(state: number, unit: number): number {
    for (let slot = this.slot(state, unit); ; slot = (slot + 1) & this.mask) {
      const to = this.slotTo[slot]!;
      if (to === 0 || (this.slotState[slot] === state && this.slotUnit[slot] === unit)) return to;
    }
  }

  /** Calls `found` with each occurrence of each pattern: its [start, end) in `text` and its data. */
  scan(text: string, found: (start: number, end: number, data: T) => void): void {
    let state = 0;
    for (let i = 0; i < text.length; i++) {
      const unit = text.charCodeAt(i);
      let to = this.move(state, unit);
      while (to === 0 && state !== 0) {
        state = this.fail[state]!;
        to = this.move(state, unit);
      }
      state = to;
      for (let at = this.ends[state]! >= 0 ? state : this.endLink[state]!; at !== 0; at = this.endLink[at]!) {
        const index = this.ends[at]!;
        found(i + 1 - this.lengths[index]!, i + 1, this.data[index]!.data);
        const twins = this.twins.size > 0 ? this.twins.get(index) : undefined;
        if (twins) for (const twin of twins) found(i + 1 - this.lengths[twin]!, i + 1, this.data[twin]!.data);
      }
    }
  }
}
