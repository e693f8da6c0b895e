/**
 * Aho–Corasick over UTF-16 units: every pattern found in one pass over the text, whatever their
 * number. Hand-written rather than taken from npm: the maintained package (modern-ahocorasick 3.3)
 * matches grapheme clusters through `Intl.Segmenter`, which cost ~1 µs a character of Chinese or
 * Japanese, 5 ms for a post of 5 000 (the budget of a whole check is 1 ms, bench/safety.ts); the
 * texts given here are already normalised (normalise.ts), so units are all that is needed.
 */
export class Automaton<T> {
  private readonly next: Array<Map<number, number>> = [new Map<number, number>()];
  private readonly fail: number[] = [0];
  /** The patterns ending at a state, by index into `data`. */
  private readonly ends: number[][] = [[]];
  /** The nearest state down the fail links that ends a pattern (0: none). */
  private readonly endLink: number[] = [0];
  private readonly lengths: number[] = [];

  constructor(private readonly data: readonly { pattern: string; data: T }[]) {
    data.forEach(({ pattern }, index) => {
      let state = 0;
      for (let i = 0; i < pattern.length; i++) {
        const unit = pattern.charCodeAt(i);
        let to = this.next[state]!.get(unit);
        if (to === undefined) {
          to = this.next.length;
          this.next.push(new Map<number, number>());
          this.fail.push(0);
          this.ends.push([]);
          this.endLink.push(0);
          this.next[state]!.set(unit, to);
        }
        state = to;
      }
      this.ends[state]!.push(index);
      this.lengths.push(pattern.length);
    });
    // Breadth first: a state's fail link is a shorter state, already linked.
    const queue = [...this.next[0]!.values()];
    for (let head = 0; head < queue.length; head++) {
      const state = queue[head]!;
      for (const [unit, to] of this.next[state]!) {
        let link = this.fail[state]!;
        while (link !== 0 && !this.next[link]!.has(unit)) link = this.fail[link]!;
        const target = this.next[link]!.get(unit);
        this.fail[to] = target !== undefined && target !== to ? target : 0;
        const failed = this.fail[to];
        this.endLink[to] = this.ends[failed]!.length > 0 ? failed : this.endLink[failed]!;
        queue.push(to);
      }
    }
  }

  /** Calls `found` with each occurrence of each pattern: its [start, end) in `text` and its data. */
  scan(text: string, found: (start: number, end: number, data: T) => void): void {
    let state = 0;
    for (let i = 0; i < text.length; i++) {
      const unit = text.charCodeAt(i);
      let to = this.next[state]!.get(unit);
      while (to === undefined && state !== 0) {
        state = this.fail[state]!;
        to = this.next[state]!.get(unit);
      }
      state = to ?? 0;
      for (let at = state; at !== 0; at = this.endLink[at]!) {
        for (const index of this.ends[at]!) found(i + 1 - this.lengths[index]!, i + 1, this.data[index]!.data);
      }
    }
  }
}
