import type { Db, Queryable } from '#server/db/client.ts';
import { fail } from '#server/lib/errors.ts';
import type { SearchLimits } from '#server/config.ts';
import { searchesRefused } from '#server/telemetry/metrics.ts';
import type { QueueFigures } from '#server/telemetry/queue-figures.ts';

/** A statement that sets settings (search-repo.ts's first, which reads only them and the catalog): quick, whatever it asks. */
const SETTINGS_ONLY = /^select set_config\(/i;

/** PostgreSQL's query_canceled: a statement timeout or pg_cancel_backend. */
const QUERY_CANCELED = '57014';

/**
 * A search can never starve the other requests: at most `concurrency` run at once, so the pool
 * always keeps connections for the rest (health included); each runs in its own transaction with
 * `SET LOCAL statement_timeout` (transaction pooling keeps it: nothing is set on the session);
 * and a search whose client went away is cancelled on the server. PGlite runs one statement at a
 * time on the event loop and has no statement timeout or cancel: there a search that was
 * abandoned before its statements ran does not run them, and the limit on concurrency holds.
 */
export class SearchRunner {
  private active = 0;
  private readonly waiting: (() => void)[] = [];
  /** When each waiting search began to wait, in the same order. */
  private readonly since = new WeakMap<() => void, number>();

  constructor(
    private readonly db: Db,
    private readonly limits: SearchLimits,
  ) {}

  /** How long a search's third pass may run (search-repo.ts); PGlite has no statement timeout, so none there. */
  get thirdPassMs(): number | undefined {
    return this.db.kind === 'postgres' ? this.limits.thirdPassMs : undefined;
  }

  async run<T>(signal: AbortSignal | undefined, fn: (q: Queryable) => Promise<T>): Promise<T> {
    await this.turn(signal);
    try {
      return await this.inTransaction(signal, fn);
    } finally {
      this.active--;
      this.waiting.shift()?.();
    }
  }

  /** The searches waiting for their turn in this process, as a queue (telemetry/queue-figures.ts; observability/queues.ts collects them). */
  async figures(): Promise<QueueFigures> {
    const first = this.waiting[0];
    const since = first === undefined ? undefined : this.since.get(first);
    return { depth: this.waiting.length, oldestSeconds: since === undefined ? 0 : (performance.now() - since) / 1000 };
  }

  private turn(signal: AbortSignal | undefined): Promise<void> {
    signal?.throwIfAborted();
    if (this.active < this.limits.concurrency) {
      this.active++;
      return Promise.resolve();
    }
    return new Promise((resolve, reject) => {
      const leave = () => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        const at = this.waiting.indexOf(next);
        if (at >= 0) this.waiting.splice(at, 1);
      };
      const next = () => {
        leave();
        this.active++;
        resolve();
      };
      const onAbort = () => {
        leave();
        reject(signal!.reason instanceof Error ? signal!.reason : new Error('aborted'));
      };
      const timer = setTimeout(() => {
        leave();
        searchesRefused.inc({ reason: 'queue' });
        reject(fail('search_busy'));
      }, this.limits.queueMs);
      signal?.addEventListener('abort', onAbort, { once: true });
      this.since.set(next, performance.now());
      this.waiting.push(next);
    });
  }

  private inTransaction<T>(signal: AbortSignal | undefined, fn: (q: Queryable) => Promise<T>): Promise<T> {
    return this.db.tx(async (tx) => {
      let backend: number | undefined;
      let running = false;
      // PostgreSQL: the search's own timeout and its backend (to cancel), asked with the search's
      // first statement when that sets settings (the repo's planner settings, its statistics'
      // stamp from the catalog), which does not run long uncancelled: with the transaction's
      // BEGIN, one message rather than three (db/client.ts, docs/search.md, "Eighth round").
      // Before a statement of any other kind, on its own, so that one can always be cancelled.
      let opening = this.db.kind === 'postgres' ? `select set_config('statement_timeout', '${Math.max(1, Math.round(this.limits.timeoutMs))}ms', true), pg_backend_pid() as pid` : undefined;
      const opened = (rows: unknown[]) => {
        backend = (rows[0] as { pid: number }).pid;
        opening = undefined;
        return rows.slice(1);
      };
      // Only while our statement runs is the backend ours to cancel: between statements (or once
      // the transaction ended) a pooler may have handed it to someone else.
      const cancel = () => {
        if (running && backend !== undefined) void this.db.query('select pg_cancel_backend($1)', [backend]).catch(() => undefined);
      };
      signal?.addEventListener('abort', cancel, { once: true });
      const guarded: Queryable = {
        query: async <R>(sql: string, params?: unknown[]) => {
          signal?.throwIfAborted();
          const settings = (params === undefined || params.length === 0) && SETTINGS_ONLY.test(sql);
          if (opening !== undefined && !settings) opened(await tx.query(opening));
          running = true;
          try {
            return opening === undefined ? await tx.query<R>(sql, params) : (opened(await tx.query(`${opening}; ${sql}`)) as R[]);
          } finally {
            running = false;
          }
        },
      };
      try {
        return await fn(guarded);
      } catch (error) {
        if (signal?.aborted) throw signal.reason;
        if ((error as { code?: unknown }).code === QUERY_CANCELED) {
          searchesRefused.inc({ reason: 'timeout' });
          throw fail('search_busy');
        }
        throw error;
      } finally {
        signal?.removeEventListener('abort', cancel);
      }
    }, { prepared: true, readOnly: true });
  }
}
