import type { Config } from '#server/config.ts';
import type { Db } from '#server/db/client.ts';
import { type JobHandler, handle } from '#server/jobs/handler.ts';
import type { JobKind } from '#server/jobs/job-kind.ts';
import { JobQueue } from '#server/jobs/queue.ts';
import type { Notices } from '#server/lib/notices.ts';
import type { MediaLifecycle } from '#server/modules/media-lifecycle/public.ts';
import { AccountPurge, buildExportJob, ExportBuilder, expireExportJob, purgeAccountJob } from '#server/modules/privacy/public.ts';
import { processVideoJob, VideoProcessor } from '#server/modules/videos/public.ts';
import { RemovedPicturesService } from '#server/modules/safety/public.ts';
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
  /** The end of stored objects' lives: the purge of a deregistered account queues its files through it. */
  lifecycle: MediaLifecycle;
  log: Logger;
}

/** Every kind of background job (docs/jobs.md, "Kinds"). */
const kinds: readonly JobKind<unknown>[] = [processVideoJob, purgeAccountJob, buildExportJob, expireExportJob];

/**
 * The job queue of a process (docs/jobs.md): one per process, which sends and, when `works`, runs
 * the handlers and supervises. Composed here, for app.ts and worker.ts, because the handlers are
 * the modules'.
 */
export function openJobs(parts: JobParts, works: boolean): { queue: JobQueue; handlers: readonly JobHandler<never>[] } {
  const { db, store, config, notifier, lifecycle, log } = parts;
  const queue = new JobQueue(db, kinds, { log, pollMs: config.jobs.pollMs, heartbeatSeconds: 60, superviseSeconds: config.jobs.superviseSeconds, supervise: works });
  // Posters the videos' processing makes are checked against the removed pictures as uploads are (docs/moderation.md).
  const videos = new VideoProcessor(db, store, notifier, config.video, log, new RemovedPicturesService(db));
  const purge = new AccountPurge(lifecycle, store);
  const archives = new ExportBuilder(db, store, notifier, queue, config.privacy);
  const handlers = [
    handle(processVideoJob, {
      concurrency: config.video.jobsAtOnce,
      run: (job, { signal }) => videos.run(job, signal),
      failed: (job, reason) => videos.failed(job, reason),
    }),
    // Your data (docs/privacy.md): the purge of a deregistered account, and the archives people ask for.
    handle(purgeAccountJob, { concurrency: 1, run: async ({ orgId, userId }) => void (await purge.run(orgId, userId)) }),
    handle(buildExportJob, { concurrency: 1, run: ({ exportId }, { signal }) => archives.run(exportId, signal), failed: ({ exportId }) => archives.failed(exportId) }),
    handle(expireExportJob, { concurrency: 1, run: ({ exportId }) => archives.expire(exportId) }),
  ];
  return { queue, handlers };
}
