/** What a repository runs its statements on: the pool, or one transaction of it (`Db.tx`). */
export interface Queryable {
  /**
   * Runs one parameterised statement and answers its rows. In a PostgreSQL transaction (`Db.tx`),
   * a text without parameters may hold several statements, sent as one message: the rows of all
   * of them, in order (the simple protocol, as `Db.script`); PGlite runs one at a time.
   */
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
}

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
  /**
   * Runs several statements without parameters as one unit that nothing else interleaves with,
   * and answers the rows of all of them in order. A failure leaves no transaction open behind it.
   * The job queue's own blocks (`BEGIN; …; COMMIT`, jobs/boss-db.ts) come through here.
   */
  script(sql: string): Promise<Record<string, unknown>[]>;
  /** Runs fn in one transaction: committed when fn resolves, rolled back when it throws. */
  tx<T>(fn: (q: Queryable) => Promise<T>, options?: TxOptions): Promise<T>;
  /**
   * Calls `onPayload` with each NOTIFY on `channel`, on a session of its own (PostgreSQL: one
   * direct connection, reopened after it drops, when `onReconnect` runs so that the caller can
   * catch up on what it missed). Answers the function that stops listening.
   */
  listen(channel: string, onPayload: (payload: string) => void, onReconnect?: () => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
  /** How full the pool is now (the metrics read it at scrape time). */
  pool(): PoolFigures;
}

interface TxOptions {
  /**
   * PostgreSQL, where the database was opened with `prepared`: each statement with parameters
   * goes as a named prepared statement, parsed and planned once per connection rather than at
   * every call (a search: db/client.ts). PGlite plans every statement as before.
   */
  prepared?: boolean;
  /**
   * PostgreSQL: a transaction that writes nothing (a search): BEGIN READ ONLY (a write is refused),
   * and its COMMIT is sent without being waited for. PGlite runs it as any other.
   */
  readOnly?: boolean;
}

interface PoolFigures {
  /** Connections the pool may open (PGlite: its one session). */
  size: number;
  /** Connections running a statement or holding a transaction. */
  inUse: number;
  /** Statements and transactions waiting for a connection. */
  waiting: number;
}
