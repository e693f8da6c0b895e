import { dbQueryDuration } from './metrics.ts';

/** Told of a statement as it starts; answers what to call when it ends (or nothing, when no one watches this one). */
type StatementWatch = (engine: 'pglite' | 'postgres', sql: string) => ((error?: unknown) => void) | undefined;

let watch: StatementWatch | undefined;

/** Tracing (tracing.ts) watches statements once it starts: each one inside a traced request becomes a span of it. */
export function watchStatements(watcher: StatementWatch): void {
  watch = watcher;
}

/**
 * Every statement of the database client (db/client.ts), on PGlite and PostgreSQL alike: timed for
 * `padhub_db_query_duration_seconds`, waiting for a connection included, and told to tracing.
 */
export function observed<T>(engine: 'pglite' | 'postgres', sql: string, run: () => Promise<T>): Promise<T> {
  const end = dbQueryDuration.startTimer();
  const ended = watch?.(engine, sql);
  return run().then(
    (value) => {
      end();
      ended?.();
      return value;
    },
    (error: unknown) => {
      end();
      ended?.(error);
      throw error;
    },
  );
}
