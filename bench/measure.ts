/**
 * The benches' timing: calls taken in turn, round after round, so that drift in the machine's speed
 * touches every side alike; the first rounds warm up and are not kept. Each round takes the calls
 * in a new random order, so that every call comes first, last and after each other one alike: on
 * a busy machine a call's place in the round (and what ran just before it) moved its median by a
 * third (docs/feed-cost.md, "Deep pages"). Figures are read as ratios to another side of the same
 * run (a first page, /api/health), never as absolute budgets.
 */
export async function alternate(calls: readonly (() => Promise<unknown>)[], runs: number, warmUp = 20): Promise<number[][]> {
  const times = calls.map(() => [] as number[]);
  const order = calls.map((_, n) => n);
  for (let i = 0; i < runs + warmUp; i++) {
    // Fisher–Yates.
    for (let k = order.length - 1; k > 0; k--) {
      const j = Math.floor(Math.random() * (k + 1));
      [order[k], order[j]] = [order[j]!, order[k]!];
    }
    for (const n of order) {
      const t = performance.now();
      await calls[n]!();
      if (i >= warmUp) times[n]!.push(performance.now() - t);
    }
  }
  return times;
}

/** The value below which the share `p` of the figures lie (0.5: the median, 0.99: p99). */
export function percentile(xs: readonly number[], p: number): number {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;
}

export const median = (xs: readonly number[]) => percentile(xs, 0.5);
