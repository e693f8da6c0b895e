import { PgBoss, type JobWithMetadata, type Queue } from 'pg-boss';
import type { Db, Queryable } from '#server/db/client.ts';
import { bossDb, transactionDb } from './boss-db.ts';
import { FAILED_SUFFIX, type JobKind } from './job-kind.ts';
import { type JobHandler, failureReason, runHandler } from './handler.ts';

interface Logger {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface JobQueueOptions {
  log: Logger;
  /** How often an idle worker asks for work (pg-boss polls: no LISTEN, so pgbouncer's transaction pooling is fine). */
  pollMs: number;
  /**
   * A running job proves its worker is alive this often; one whose proof is this late is failed
   * ("job heartbeat timeout") and tried again elsewhere, so a worker killed mid-job loses nothing
   * for longer than this. At least 10 s.
   */
  heartbeatSeconds: number;
  /** How often a worker's supervisor looks for jobs past their time or heartbeat. */
  superviseSeconds: number;
}

export interface SendOptions {
  /** The caller's transaction: the job exists exactly when it commits. `start()` must have finished first. */
  q?: Queryable;
  /** This job's own watchdog time, instead of its kind's (a long video's transcode). */
  timeoutSeconds?: number;
  /** At most one job with this key waits at a time: a second send while one waits answers null. */
  singletonKey?: string;
  /** Not run before this many seconds have passed (a deregistered account's purge waits its days). */
  startAfterSeconds?: number;
}

// A job held back (`startAfterSeconds`: a purge 30 days on) is not waiting until it is due, and waits from then.
// The metrics' statement (`scrape_figures`, migration 049) counts the same rows: change both together.
const DUE = `(state = 'retry' or (state = 'created' and start_after <= now()))`;

/** A queue's size, for the metrics registry and for tests. */
export interface QueueDepth {
  name: string;
  /** Ready to run, or waiting for a retry. */
  waiting: number;
  running: number;
  /** Failed for good and still kept (pg-boss keeps them a while). */
  failed: number;
  /** How long the oldest waiting job has waited; null when none waits. */
  oldestWaitingSeconds: number | null;
}

/**
 * Background jobs in the database (docs/jobs.md), on pg-boss: a job is a row, sent in the
 * transaction of the write that asks for it when given one; it survives restarts, runs at least
 * once, is retried with a wait that doubles, and is failed with its reason when an attempt runs
 * past its time or its worker stops proving it is alive. A kind's last failure goes to its
 * `.failed` queue, whose handler (`JobHandler.failed`) records it where people see it.
 *
 * Every process that sends has one; a process that also works (`work`) supervises too. Starting
 * installs or upgrades pg-boss's schema (`pgboss`, kept by pg-boss's own migrations under an
 * advisory lock, so several processes may start at once).
 */
export class JobQueue {
  private readonly boss: PgBoss;
  private starting: Promise<void> | undefined;
  private started = false;
  private working = false;

  constructor(
    private readonly db: Db,
    private readonly kinds: readonly JobKind<unknown>[],
    private readonly options: JobQueueOptions & { supervise: boolean },
  ) {
    this.boss = new PgBoss({
      db: bossDb(db),
      backend: db.kind === 'pglite' ? 'pglite' : 'postgres',
      supervise: options.supervise,
      // The watchdog's sweep (jobs past their time or heartbeat) runs inside pg-boss's per-queue
      // monitor pass, so both intervals are the supervisor's.
      superviseIntervalSeconds: options.superviseSeconds,
      monitorIntervalSeconds: options.superviseSeconds,
      // Cron schedules are not used yet; a kind that needs one turns this on with its own schedule.
      schedule: false,
    });
    this.boss.on('error', (err: unknown) => options.log.error({ err }, 'job queue error'));
  }

  /** Installs the schema and every kind's queue once; sending or working waits for it. */
  start(): Promise<void> {
    this.starting ??= this.install().then(() => {
      this.started = true;
    });
    return this.starting;
  }

  private async install() {
    await this.boss.start();
    for (const kind of this.kinds) {
      const failed = `${kind.name}${FAILED_SUFFIX}`;
      // The failure hook records what people see: tried for a day before it is given up.
      await this.ensureQueue(failed, { retryLimit: 10, retryDelay: 30, retryBackoff: true, retryDelayMax: 3600, expireInSeconds: 300 });
      await this.ensureQueue(kind.name, {
        retryLimit: kind.retries,
        retryDelay: kind.retryDelaySeconds,
        retryBackoff: true,
        retryDelayMax: 3600,
        expireInSeconds: kind.timeoutSeconds,
        heartbeatSeconds: this.options.heartbeatSeconds,
        deadLetter: failed,
      });
    }
  }

  /** pg-boss's createQueue leaves an existing queue as it was: the update applies a kind's new retries or time. */
  private async ensureQueue(name: string, options: Omit<Queue, 'name'>) {
    await this.boss.createQueue(name, options);
    await this.boss.updateQueue(name, options);
  }

  /** Sends a job; answers its id (null when `singletonKey` found one waiting). The payload is checked against the kind's schema. */
  async send<P>(kind: JobKind<P>, payload: P, options: SendOptions = {}): Promise<string | null> {
    if (!this.kinds.includes(kind)) throw new Error(`job kind ${kind.name} is not one this queue was built with`);
    const data: object = kind.payload.parse(payload) as object;
    // PGlite runs one transaction at a time: starting (which queries) from inside the caller's
    // transaction would wait for that transaction forever.
    if (options.q && !this.started) throw new Error('JobQueue.start() must finish before a job is sent in a transaction');
    await this.start();
    return this.boss.send(kind.name, data, {
      ...(options.q ? { db: transactionDb(options.q) } : {}),
      ...(options.timeoutSeconds ? { expireInSeconds: Math.ceil(options.timeoutSeconds) } : {}),
      ...(options.singletonKey ? { singletonKey: options.singletonKey } : {}),
      ...(options.startAfterSeconds ? { startAfter: Math.ceil(options.startAfterSeconds) } : {}),
    });
  }

  /** Runs the handlers in this process until `stop`: each kind's jobs, `concurrency` at a time, and its failures. */
  async work(handlers: readonly JobHandler<never>[]): Promise<void> {
    if (!this.options.supervise) throw new Error('a queue that works must supervise (build it with supervise: true)');
    await this.start();
    this.working = true;
    const pollingIntervalSeconds = Math.max(0.5, this.options.pollMs / 1000);
    for (const handler of handlers as readonly JobHandler<unknown>[]) {
      const { kind } = handler;
      await this.boss.work(kind.name, { pollingIntervalSeconds, localConcurrency: handler.concurrency, includeMetadata: true }, async ([job]: JobWithMetadata<object>[]) => {
        if (job) await runHandler(handler, job, this.options.log);
      });
      await this.boss.work(`${kind.name}${FAILED_SUFFIX}`, { pollingIntervalSeconds, includeMetadata: true }, async ([job]: JobWithMetadata<object>[]) => {
        if (job) await this.recordFailure(handler, job);
      });
    }
  }

  private async recordFailure(handler: JobHandler<unknown>, job: JobWithMetadata<object>) {
    const reason = failureReason(job.sourceOutput);
    this.options.log.warn({ job: handler.kind.name, id: job.sourceId, reason }, 'job failed for good');
    const parsed = handler.kind.payload.safeParse(job.data);
    // A payload this version cannot read has nobody to tell; it stays in the failed queue's history.
    if (parsed.success) await handler.failed?.(parsed.data, reason);
  }

  /**
   * Each kind's queue size now (the metrics' gauges), counted from pg-boss's job table: its own
   * counts are refreshed only by a supervising worker's monitor, and stop when no worker runs,
   * which is when they matter most.
   */
  async depth(): Promise<QueueDepth[]> {
    await this.start();
    const names = this.kinds.map((k) => k.name);
    const rows = await this.db.query<{ name: string; waiting: string; running: string; failed: string; oldest: number | null }>(
      `select name,
              count(*) filter (where ${DUE}) as waiting,
              count(*) filter (where state = 'active') as running,
              count(*) filter (where state = 'failed') as failed,
              extract(epoch from now() - min(greatest(created_on, start_after)) filter (where ${DUE}))::float8 as oldest
       from pgboss.job where name = any($1::text[]) group by name`,
      [names],
    );
    const byName = new Map(rows.map((r) => [r.name, r]));
    return names.map((name) => {
      const row = byName.get(name);
      return {
        name,
        waiting: Number(row?.waiting ?? 0),
        running: Number(row?.running ?? 0),
        failed: Number(row?.failed ?? 0),
        oldestWaitingSeconds: row?.oldest == null ? null : Math.max(0, row.oldest),
      };
    });
  }

  /**
   * Each kind's queue as the metrics name it (`padhub_queue_*{queue="job_<kind>"}`) beside its
   * name in pg-boss: the scrape's statement (`scrape_figures`, migration 049) counts its waiting
   * jobs as `depth()` does (`DUE`).
   */
  metricQueues(): { metric: string; name: string }[] {
    return this.kinds.map((k) => ({ metric: `job_${k.name.toLowerCase().replaceAll(/[^a-z0-9]+/g, '_')}`, name: k.name }));
  }

  /** Stops taking work and waits up to `graceMs` for jobs in flight; those still running are failed and tried again later. */
  async stop(graceMs = 10_000): Promise<void> {
    if (!this.starting) return;
    await this.starting.catch(() => undefined);
    await this.boss.stop({ graceful: this.working, timeout: graceMs, close: false });
  }
}
