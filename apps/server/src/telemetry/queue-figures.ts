/** What a queue says of itself at scrape time. */
export interface QueueFigures {
  /** Items waiting (due or not yet due), in the whole cluster for a queue kept in the database. */
  depth: number;
  /** Seconds since the oldest waiting item was queued; 0 when the queue is empty. */
  oldestSeconds: number;
}

/** The figures of a queue kept in a table, from one row of `count(*)` and `now() - min(<queued at>)`. */
export function queueFigures(row: { depth: number | string; oldest: number | string | null } | undefined): QueueFigures {
  return { depth: Number(row?.depth ?? 0), oldestSeconds: Math.max(0, Number(row?.oldest ?? 0)) };
}
