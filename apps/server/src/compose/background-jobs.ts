import type { Config } from '#server/config.ts';
import type { Db } from '#server/db/client.ts';
import { type JobHandler, handle } from '#server/jobs/handler.ts';
import type { JobKind } from '#server/jobs/job-kind.ts';
import { JobQueue } from '#server/jobs/queue.ts';
import type { Notices } from '#server/lib/notices.ts';
import { processVideoJob, VideoProcessor } from '#server/modules/videos/public.ts';
import type { ObjectStore } from '#server/storage/object-store.ts';

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
  notifier: Notices;
  log: Logger;
}

/** Every kind of background job (docs/jobs.md, "Kinds"). */
const kinds: readonly JobKind<unknown>[] = [processVideoJob];

/**
 * The job queue of a process (docs/jobs.md): one per process, which sends and, when `works`, runs
 * the handlers and supervises. Composed here, for app.ts and worker.ts, because the handlers are
 * the modules'.
 */
export function openJobs(parts: JobParts, works: boolean): { queue: JobQueue; handlers: readonly JobHandler<never>[] } {
  const { db, store, config, notifier, log } = parts;
  const queue = new JobQueue(db, kinds, { log, pollMs: config.jobs.pollMs, heartbeatSeconds: 60, superviseSeconds: config.jobs.superviseSeconds, supervise: works });
  const videos = new VideoProcessor(db, store, notifier, config.video, log);
  const handlers = [
    handle(processVideoJob, {
      concurrency: config.video.jobsAtOnce,
      run: (job, { signal }) => videos.run(job, signal),
      failed: (job, reason) => videos.failed(job, reason),
    }),
  ];
  return { queue, handlers };
}
