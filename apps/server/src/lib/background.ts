import type { Queryable } from '#server/db/client.ts';
import { backgroundPeriod, backgroundRuns } from '#server/telemetry/metrics.ts';

/** What a background job may log through (Fastify's logger, or nothing in tests). */
interface Logger {
  warn(details: object, message: string): void;
}

export interface BackgroundJob {
  /** Unique across the cluster: the row in `background_runs` that decides who runs it. */
  name: string;
  everyMs: number;
  run(): Promise<unknown>;
}

/**
 * Timers fire a little early or late, and each process started at its own moment: a claim counts
 * a period as passed a tenth early, so a job never skips a whole period for a few seconds.
 */
const SLACK = 0.9;

/**
 * Claims this period's run of `name` for the calling process: of all the processes that ask
 * within one period, exactly one gets true (the row's update is atomic, and the losers see the
 * winner's `started_at`). Safe through pgbouncer's transaction pooling: one statement, no session state.
 */
export async function claimRun(db: Queryable, name: string, everyMs: number): Promise<boolean> {
  const rows = await db.query(
    `insert into background_runs (name) values ($1)
     on conflict (name) do update set started_at = now()
       where background_runs.started_at <= now() - make_interval(secs => $2)
     returning 1`,
    [name, (everyMs * SLACK) / 1000],
  );
  return rows.length > 0;
}

/**
 * Runs each job once per period per cluster (docs/deploy.md, "Background work"): every process
 * asks four times a period, and the first to ask after the period has passed runs it. A process
 * that dies mid-job leaves the rest to the next period's winner, so jobs are idempotent sweeps.
 * Answers `stop`, which clears the timers and waits for the jobs in flight.
 */
export function runOncePerCluster(db: Queryable, jobs: readonly BackgroundJob[], log: Logger): () => Promise<void> {
  const running = new Set<Promise<unknown>>();
  const timers = jobs.map((job) => {
    backgroundPeriod.set({ task: job.name }, job.everyMs / 1000);
    const tick = () => {
      const pass = claimRun(db, job.name, job.everyMs)
        .then(async (mine) => {
          if (!mine) return;
          try {
            await job.run();
          } catch (err) {
            backgroundRuns.inc({ task: job.name, outcome: 'failed' });
            throw err;
          }
          backgroundRuns.inc({ task: job.name, outcome: 'ok' });
          await db.query('update background_runs set succeeded_at = now() where name = $1', [job.name]);
        })
        .catch((err: unknown) => log.warn({ err, job: job.name }, 'background job failed'))
        .finally(() => running.delete(pass));
      running.add(pass);
    };
    const timer = setInterval(tick, job.everyMs / 4);
    timer.unref();
    return timer;
  });
  return async () => {
    for (const timer of timers) clearInterval(timer);
    await Promise.allSettled([...running]);
  };
}

export interface BackgroundRun {
  name: string;
  /** Unix seconds. */
  startedAt: number;
  /** Unix seconds: the last success, or the first claim for a job that has not succeeded yet. */
  succeededAt: number;
}

/**
 * When a job last started and last succeeded anywhere in the cluster (unix seconds), as the
 * metrics' statement answers it (`scrape_figures`, migration 049, reads `background_runs`).
 */
export interface BackgroundRunRow {
  name: string;
  started: number;
  succeeded: number;
}

export function backgroundRun(row: BackgroundRunRow): BackgroundRun {
  return { name: row.name, startedAt: Number(row.started), succeededAt: Number(row.succeeded) };
}
