/** What a repository runs its statements on: the pool, or one transaction of it (`Db.tx`). */
export interface Queryable {
  /** Runs one parameterised statement and answers its rows. */
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
}

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
  /** Runs fn in one transaction: committed when fn resolves, rolled back when it throws. */
  tx<T>(fn: (q: Queryable) => Promise<T>): Promise<T>;
  /**
   * Calls `onPayload` with each NOTIFY on `channel`, on a session of its own (PostgreSQL: one
   * direct connection, reopened after it drops, when `onReconnect` runs so that the caller can
   * catch up on what it missed). Answers the function that stops listening.
   */
  listen(channel: string, onPayload: (payload: string) => void, onReconnect?: () => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}
