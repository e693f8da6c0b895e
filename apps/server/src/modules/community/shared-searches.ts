/**
 * The same search asked by people not signed in while it runs shares its answer: a hundred people
 * searching 手 at once cost one search, not a hundred in a queue (docs/search.md, "Admission").
 * What they see is the same as if each had run it (nobody's lists or own posts are involved), as
 * of a moment before they asked. A follower whose leader was cancelled (its client left) runs
 * the search itself, under its own signal.
 */
export class SharedSearches<T> {
  private readonly running = new Map<string, Promise<T>>();

  run(key: string, signal: AbortSignal | undefined, search: (signal: AbortSignal | undefined) => Promise<T>): Promise<T> {
    const running = this.running.get(key);
    if (running) {
      return running.catch((error: unknown) => {
        if (signal?.aborted) throw error;
        return search(signal);
      });
    }
    const started = search(signal).finally(() => {
      if (this.running.get(key) === started) this.running.delete(key);
    });
    this.running.set(key, started);
    return started;
  }
}
