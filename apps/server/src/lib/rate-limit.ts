import type { Queryable } from '#server/db/client.ts';
import { fail } from '#server/lib/errors.ts';
import { rateLimited } from '#server/telemetry/metrics.ts';

export interface Limit {
  /** What is counted, e.g. `login:ip:1.2.3.4`. */
  key: string;
  max: number;
  windowSeconds: number;
}

interface Counter {
  hits: number;
  retry_after: number;
}

/** An attempt counted in advance (RateLimiter.reserve), which `release` can give back. */
export interface Reservation {
  key: string;
  windowStart: Date;
}

const windowStart = (seconds: string) => `to_timestamp(floor(extract(epoch from now()) / ${seconds}) * ${seconds})`;

/**
 * Fixed-window counters kept in the database, so that every server process behind a load balancer
 * shares them and a restart does not reset them.
 */
export class RateLimiter {
  constructor(private readonly db: Queryable) {}

  /**
   * Counts one hit (`weight` hits at once: a text naming several people counts each name, in one
   * statement) and refuses with 429 (and Retry-After) once the window's maximum is passed.
   */
  async hit(limit: Limit, weight = 1): Promise<void> {
    const [row] = await this.db.query<Counter>(
      `insert into rate_counters (key, window_start, hits)
       values ($1, to_timestamp(floor(extract(epoch from now()) / $2) * $2), $3)
       on conflict (key, window_start) do update set hits = rate_counters.hits + $3
       returning hits, ceil(extract(epoch from window_start) + $2 - extract(epoch from now()))::int as retry_after`,
      [limit.key, limit.windowSeconds, weight],
    );
    if (row && row.hits > limit.max) throw tooMany(limit, row.retry_after);
  }

  /** Refuses when the window is already full, without counting (for limits that count only failures). */
  async check(limit: Limit): Promise<void> {
    const [row] = await this.db.query<Counter>(
      `select hits, ceil(extract(epoch from window_start) + $2 - extract(epoch from now()))::int as retry_after
       from rate_counters where key = $1 and window_start = to_timestamp(floor(extract(epoch from now()) / $2) * $2)`,
      [limit.key, limit.windowSeconds],
    );
    if (row && row.hits >= limit.max) throw tooMany(limit, row.retry_after);
  }

  /**
   * Counts one attempt before it is made, in one statement, so that parallel attempts on any number
   * of processes never pass the maximum: the row lock makes each see the others' counts, and a full
   * window refuses without counting. Refuses with 429 (and Retry-After).
   */
  async reserve(limit: Limit): Promise<Reservation> {
    const [row] = await this.db.query<{ window_start: Date }>(
      `insert into rate_counters (key, window_start, hits) values ($1, ${windowStart('$2')}, 1)
       on conflict (key, window_start) do update set hits = rate_counters.hits + 1 where rate_counters.hits < $3
       returning window_start`,
      [limit.key, limit.windowSeconds, limit.max],
    );
    if (row) return { key: limit.key, windowStart: new Date(row.window_start) };
    const [left] = await this.db.query<{ retry_after: number }>(
      `select ceil(extract(epoch from ${windowStart('$1')}) + $1 - extract(epoch from now()))::int as retry_after`,
      [limit.windowSeconds],
    );
    throw tooMany(limit, left?.retry_after ?? limit.windowSeconds);
  }

  /** Gives a reservation back (the attempt turned out not to count), in the window it was taken in. */
  async release(reservation: Reservation): Promise<void> {
    await this.db.query('update rate_counters set hits = hits - 1 where key = $1 and window_start = $2 and hits > 0', [
      reservation.key,
      reservation.windowStart,
    ]);
  }

  /** Forgets windows that ended more than a day ago. */
  async sweep(): Promise<void> {
    await this.db.query(`delete from rate_counters where window_start < now() - interval '1 day'`);
  }
}

function tooMany(limit: Limit, retryAfter: number) {
  // The key's first two parts name the limit (`login:ip`, `comment:user`); the rest is whose count
  // it is, which never becomes a label (a key shaped otherwise counts as `other`).
  const name = limit.key.split(':', 2).join(':');
  rateLimited.inc({ limit: /^[a-z-]+:[a-z]+$/.test(name) ? name : 'other' });
  const seconds = Math.max(1, retryAfter);
  return fail('rate_limited', { data: { retryAfter: seconds }, headers: { 'retry-after': String(seconds) } });
}
