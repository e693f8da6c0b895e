/**
 * Lets through at most `perWindow` log lines a window and counts the rest, so that a client
 * repeating a refused request (or someone probing) cannot fill the log: the next line let through
 * says how many were left out.
 */
export class ThrottledLog {
  private windowStart = Number.NEGATIVE_INFINITY;
  private logged = 0;
  private suppressed = 0;

  constructor(
    private readonly perWindow = 10,
    private readonly windowMs = 60_000,
  ) {}

  /** Null: leave this one out. Otherwise log it, with how many were left out since the last one. */
  take(now = Date.now()): { suppressed: number } | null {
    if (now - this.windowStart >= this.windowMs) {
      this.windowStart = now;
      this.logged = 0;
    }
    if (this.logged >= this.perWindow) {
      this.suppressed++;
      return null;
    }
    this.logged++;
    const suppressed = this.suppressed;
    this.suppressed = 0;
    return { suppressed };
  }
}
