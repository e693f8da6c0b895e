/**
 * Values kept for a moment (`ttlMs`) under a key and shared by everyone who asks meanwhile: the
 * value is made once per key and moment however many ask at once (they wait for the same promise).
 * A failure is not kept. At most `maxEntries` keys are held: the expired go first, then the oldest.
 * Each value remembers `mark()` as it was when its making began; one asked for `atLeast` a higher
 * mark is made again (what the mark means is the caller's: first-page-cache.ts, the live events).
 */
export class MomentCache<T> {
  private readonly entries = new Map<string, { expires: number; mark: bigint; value: Promise<T> }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 500,
    private readonly now: () => number = Date.now,
    private readonly mark: () => bigint = () => 0n,
  ) {}

  get enabled() {
    return this.ttlMs > 0;
  }

  get(key: string, make: () => Promise<T>, atLeast?: bigint): Promise<T> {
    const now = this.now();
    const kept = this.entries.get(key);
    if (kept && kept.expires > now && (atLeast === undefined || kept.mark >= atLeast)) return kept.value;
    if (kept) this.entries.delete(key);
    if (this.entries.size >= this.maxEntries) {
      for (const [k, entry] of this.entries) if (entry.expires <= now) this.entries.delete(k);
    }
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    const entry = { expires: now + this.ttlMs, mark: this.mark(), value: make() };
    this.entries.set(key, entry);
    entry.value.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    });
    return entry.value;
  }
}
