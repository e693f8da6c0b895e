/** What a queue says of itself at scrape time. */
export interface QueueFigures {
  /** Items waiting (due or not yet due), in the whole cluster for a queue kept in the database. */
  depth: number;
  /** Seconds since the oldest waiting item was queued; 0 when empty. */
  oldestSeconds: number;
}

declare const figuresBrand: unique symbol;

/**
 * A queue kept in a table, as a `select` of one row, `depth` and `oldest` (seconds), with no
 * parameters: the scrape pastes every table queue's into one statement (observability/scrape.ts),
 * so measuring them all costs one round trip to the database, not one each.
 */
export type FiguresQuery = string & { readonly [figuresBrand]: true };

/**
 * The figures query of the rows of `table` that are `waiting`, each queued at `queuedAt`. The three
 * are SQL from the module that owns the table, never from a request.
 */
export function figuresQuery(table: string, queuedAt: string, waiting: string): FiguresQuery {
  return `select count(*)::int as depth, extract(epoch from now() - min(${queuedAt}))::float8 as oldest from ${table} where ${waiting}` as FiguresQuery;
}

/** The figures of a queue from its figures query's row (absent when the statement did not run). */
export function queueFigures(row: { depth: number | string; oldest: number | string | null } | undefined): QueueFigures {
  return { depth: Number(row?.depth ?? 0), oldestSeconds: Math.max(0, Number(row?.oldest ?? 0)) };
}
