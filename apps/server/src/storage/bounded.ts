/** A bound on work running at once across the whole process; waiters go in turn (first come, first served). */
export class Slots {
  private free: number;
  private readonly waiting: (() => void)[] = [];

  constructor(readonly size: number) {
    this.free = size;
  }

  async run<T>(fn: () => Promise<T>): Promise<T> {
    if (this.free > 0) this.free--;
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    try {
      return await fn();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.free++;
    }
  }
}

/**
 * `fn` over `items` with at most `limit` calls in flight, answered in the items' order. Items start
 * in order and none starts after a failure; the calls running finish, then the failure of the
 * earliest item is thrown: the one a loop doing them one by one would have met first.
 */
export async function mapBounded<T, R>(items: readonly T[], limit: number, fn: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  const failures: { index: number; error: unknown }[] = [];
  let next = 0;
  const worker = async () => {
    while (failures.length === 0 && next < items.length) {
      const index = next++;
      try {
        results[index] = await fn(items[index]!, index);
      } catch (error) {
        failures.push({ index, error });
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
  if (failures.length > 0) throw failures.reduce((a, b) => (b.index < a.index ? b : a)).error;
  return results;
}
