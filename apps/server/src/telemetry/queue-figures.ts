/** What a queue says of itself at scrape time. */
export interface QueueFigures {
  /** Items waiting (due or not yet due), in the whole cluster for a queue kept in the database. */
  depth: number;
  /** Seconds since the oldest waiting item was queued; 0 when empty. */
  oldestSeconds: number;
}

/** A queue's row in the scrape's statement: items waiting, and seconds since the oldest was queued (null: none). */
export interface FiguresRow {
  depth: number | string;
  oldest: number | string | null;
}

/** The figures of a queue from its row in the scrape's statement (`scrape_figures`, migration 049); absent: nothing waits. */
export function queueFigures(row: FiguresRow | undefined): QueueFigures {
  return { depth: Number(row?.depth ?? 0), oldestSeconds: Math.max(0, Number(row?.oldest ?? 0)) };
}
