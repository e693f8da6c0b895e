import type { Config } from './config.ts';
import type { Db } from './db/client.ts';
import type { JobHandler } from './jobs/handler.ts';
import type { JobKind } from './jobs/job-kind.ts';
import { JobQueue } from './jobs/queue.ts';
import type { ObjectStore } from './storage/object-store.ts';

interface Logger {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

/** What the handlers are built from: the same parts in the API process and in `npm run worker`. */
export interface JobParts {
  db: Db;
  store: ObjectStore;
  config: Config;
  log: Logger;
}

/** Every kind of background job (docs/jobs.md, "Kinds"). */
const kinds: readonly JobKind<unknown>[] = [];

/**
 * The job queue of a process (docs/jobs.md): one per process, which sends and, when `works`, runs
 * the handlers and supervises. Composed here, beside app.ts, because the handlers are the modules'.
 */
export function openJobs(parts: JobParts, works: boolean): { queue: JobQueue; handlers: readonly JobHandler<never>[] } {
  const { db, config, log } = parts;
  const queue = new JobQueue(db, kinds, { log, pollMs: config.jobs.pollMs, heartbeatSeconds: 60, superviseSeconds: config.jobs.superviseSeconds, supervise: works });
  return { queue, handlers: [] };
}
