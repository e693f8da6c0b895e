import type { Queryable } from '#server/db/client.ts';
import { within } from '#server/lib/time-limit.ts';

type NotReady = 'draining' | 'database' | 'storage';

export interface ReadinessAnswer {
  database: 'ok' | 'down';
  storage: 'ok' | 'down';
  draining: boolean;
  /** Empty when ready. */
  reasons: NotReady[];
}

export interface ReadinessDeps {
  /** The app's database, through the same pool as every request. */
  db: Queryable;
  /** The object store's own check (storage/open-storage.ts): resolves when it can be reached. */
  storage(): Promise<void>;
  /** Shutdown's first step has begun (app.ts, `drain`). */
  draining(): boolean;
}

/**
 * A probe that hangs is as bad as one that fails, and worse for the balancer waiting on it: each
 * check gives up after this long (a full pool, a store that does not answer).
 */
const CHECK_TIMEOUT_MS = 2000;

/**
 * Whether this process can serve (README.md, "Running in production"): the database answers through
 * the configured pool, the object store answers, and it is not shutting down. Read by
 * `/api/health/ready` and by the metrics (`padhub_ready`), so both say the same.
 */
export class Readiness {
  constructor(private readonly deps: ReadinessDeps) {}

  /**
   * `database` is a statement already on its way through the pool (the metrics' own): when it
   * answers, so does the database, and the check asks nothing more of it.
   */
  async check(database: Promise<unknown> = this.deps.db.query('select 1')): Promise<ReadinessAnswer> {
    const probe = (work: Promise<unknown>) => within(work, CHECK_TIMEOUT_MS).then(() => 'ok' as const, () => 'down' as const);
    const [databaseAnswer, storage] = await Promise.all([probe(database), probe(this.deps.storage())]);
    const draining = this.deps.draining();
    const reasons: NotReady[] = [];
    if (draining) reasons.push('draining');
    if (databaseAnswer === 'down') reasons.push('database');
    if (storage === 'down') reasons.push('storage');
    return { database: databaseAnswer, storage, draining, reasons };
  }
}
