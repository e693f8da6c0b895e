import { statfs } from 'node:fs/promises';
import { Gauge, Registry } from 'prom-client';
import type { Db } from '#server/db/client.ts';
import { type BackgroundRun, type BackgroundRunRow, backgroundRun } from '#server/lib/background.ts';
import { within } from '#server/lib/time-limit.ts';
import { processMetrics } from '#server/telemetry/metrics.ts';
import type { QueueFigures } from '#server/telemetry/queue-figures.ts';
import type { Queues, ScrapedQueues } from './queues.ts';

/** What readiness says (modules/health/readiness.ts), as the metrics need it. */
interface ReadinessFigures {
  database: 'ok' | 'down';
  storage: 'ok' | 'down';
  draining: boolean;
  reasons: readonly string[];
}

export interface ScrapeSources {
  db: Db;
  queues: Queues;
  /** `database`: a statement on its way through the pool, which answers for the database's readiness. */
  readiness(database: Promise<unknown>): Promise<ReadinessFigures>;
  /** The directory of the embedded database and store, when either is used: its disk is reported. */
  dataDir: string | null;
  version: string;
  storage: 'embedded' | 's3';
}

interface DatabaseFigures {
  queues: Map<string, QueueFigures>;
  /** Table queues the statement does not answer: reported as not measured. */
  missing: string[];
  runs: BackgroundRun[];
}

/** The limit of the database's part of a scrape: a scrape must not hang on a database that does not answer. */
const DATABASE_WITHIN_MS = 2000;

/**
 * Every table queue's figures and the background runs in one statement: on PGlite's one connection
 * each statement waits for the one before, and statements, not rows, are what a scrape pays for.
 * The statement is a function (migration 049), so each connection plans its subqueries once.
 */
async function databaseFigures(db: Db, queues: Queues): Promise<DatabaseFigures> {
  await queues.prepared();
  const [row] = await db.query<{ figures: ScrapedQueues & { runs: BackgroundRunRow[] } }>('select scrape_figures() as figures');
  if (!row) throw new Error('scrape_figures answered no row');
  const { figures, missing } = queues.fromStatement(row.figures);
  return { queues: figures, missing, runs: row.figures.runs.map(backgroundRun) };
}

/**
 * The figures one app reads at scrape time, beside the process's counters (telemetry/metrics.ts): the pool,
 * the queues, readiness, the background jobs and the disk. Everything that waits (the database,
 * the disk) is asked at once, then the gauges are set and the text is written.
 */
export function appScrape(sources: ScrapeSources): { text(): Promise<string> } {
  const registry = new Registry();
  const registers = [registry];
  const gauge = <L extends string>(name: string, help: string, labelNames: readonly L[] = []) => new Gauge<L>({ name, help, labelNames, registers });

  const info = gauge('padhub_info', 'Always 1; the labels say what runs: version, database engine, object storage.', ['version', 'engine', 'storage']);
  const poolSize = gauge('padhub_db_pool_size', 'Connections the database pool may open (PGlite: its one session).', ['engine']);
  const poolInUse = gauge('padhub_db_pool_in_use', 'Connections running a statement or holding a transaction.', ['engine']);
  const poolWaiting = gauge('padhub_db_pool_waiting', 'Statements and transactions waiting for a connection.', ['engine']);
  const queueDepth = gauge('padhub_queue_depth', 'Items waiting in each queue (the database queues: in the whole cluster).', ['queue']);
  const queueAge = gauge('padhub_queue_oldest_age_seconds', 'Seconds since the oldest waiting item of each queue was queued; 0 when empty.', ['queue']);
  const queueDown = gauge('padhub_queue_measure_failed', '1 when a queue could not be measured at this scrape (its database did not answer).', ['queue']);
  const ready = gauge('padhub_ready', '1 when /api/health/ready answers 200: database and object store reachable, not draining.');
  const draining = gauge('padhub_draining', '1 while shutting down (readiness says no on purpose).');
  const dependency = gauge('padhub_dependency_up', '1 when the dependency answered the readiness check.', ['dependency']);
  const lastSuccess = gauge('padhub_background_last_success_timestamp_seconds', 'When each background job last succeeded anywhere in the cluster, or first ran if it never has (unix seconds).', ['task']);
  const lastStart = gauge('padhub_background_last_start_timestamp_seconds', 'When each background job last started, anywhere in the cluster (unix seconds).', ['task']);
  const diskFree = gauge('padhub_data_dir_free_bytes', 'Bytes free for Padhub on the disk of DATA_DIR (embedded database and store).');
  const diskSize = gauge('padhub_data_dir_size_bytes', 'Size of the disk of DATA_DIR.');

  info.set({ version: sources.version, engine: sources.db.kind, storage: sources.storage }, 1);
  const { db } = sources;

  return {
    async text() {
      const fromDatabase = within(databaseFigures(db, sources.queues), DATABASE_WITHIN_MS);
      const [queues, readiness, database, disk] = await Promise.all([
        sources.queues.measure(),
        sources.readiness(fromDatabase),
        fromDatabase.catch(() => null),
        sources.dataDir === null ? null : statfs(sources.dataDir).catch(() => null),
      ]);
      const pool = db.pool();
      poolSize.set({ engine: db.kind }, pool.size);
      poolInUse.set({ engine: db.kind }, pool.inUse);
      poolWaiting.set({ engine: db.kind }, pool.waiting);
      queueDepth.reset();
      queueAge.reset();
      queueDown.reset();
      for (const [name, figures] of [...queues.figures, ...(database?.queues ?? [])]) {
        queueDepth.set({ queue: name }, figures.depth);
        queueAge.set({ queue: name }, figures.oldestSeconds);
        queueDown.set({ queue: name }, 0);
      }
      const failed = database ? [...queues.failed, ...database.missing] : [...queues.failed, ...sources.queues.tableNames()];
      for (const name of failed) queueDown.set({ queue: name }, 1);
      ready.set(readiness.reasons.length === 0 ? 1 : 0);
      draining.set(readiness.draining ? 1 : 0);
      dependency.set({ dependency: 'database' }, readiness.database === 'ok' ? 1 : 0);
      dependency.set({ dependency: 'storage' }, readiness.storage === 'ok' ? 1 : 0);
      if (database) {
        lastSuccess.reset();
        lastStart.reset();
        for (const run of database.runs) {
          lastStart.set({ task: run.name }, run.startedAt);
          lastSuccess.set({ task: run.name }, run.succeededAt);
        }
      }
      if (disk) {
        diskFree.set(disk.bavail * disk.bsize);
        diskSize.set(disk.blocks * disk.bsize);
      }
      return (await processMetrics.metrics()) + (await registry.metrics());
    },
  };
}
