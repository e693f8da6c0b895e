/**
 * The benches' timing: calls taken in turn, round after round, so that drift in the machine's speed
 * touches every side alike; the first rounds warm up and are not kept. Figures are read as ratios
 * to another side of the same run (a first page, /api/health), never as absolute budgets.
 */
export async function alternate(calls: readonly (() => Promise<unknown>)[], runs: number, warmUp = 20): Promise<number[][]> {
  const times = calls.map(() => [] as number[]);
  for (let i = 0; i < runs + warmUp; i++) {
    for (const [n, call] of calls.entries()) {
      const t = performance.now();
      await call();
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
