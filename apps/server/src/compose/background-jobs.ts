import type { Config } from '#server/config.ts';
import type { Db } from '#server/db/client.ts';
import { type JobHandler, handle } from '#server/jobs/handler.ts';
import type { JobKind } from '#server/jobs/job-kind.ts';
import { JobQueue } from '#server/jobs/queue.ts';
import type { Notices } from '#server/lib/notices.ts';
import type { PictureScreen } from '#server/lib/picture-hash/screen.ts';
import type { MediaLifecycle } from '#server/modules/media-lifecycle/public.ts';
import { AccountPurge, buildExportJob, ExportBuilder, expireExportJob, purgeAccountJob } from '#server/modules/privacy/public.ts';
import { processVideoJob, VideoProcessor } from '#server/modules/videos/public.ts';
import type { ObjectStore } from '#server/storage/object-store.ts';
import type { Offers } from './offers.ts';
import type { Repos } from './repos.ts';

interface Logger {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

/** What the handlers are built from: the same parts in the API process and in `npm run worker`. */
export interface JobParts {
  db: Db;
  repos: Repos;
  /** What a module runs of another's with that one's repos (compose/offers.ts). */
  offers: Offers;
  store: ObjectStore;
  config: Config;
  notifier: Notices;
  /** The end of stored objects' lives: the purge of a deregistered account queues its files through it. */
  lifecycle: MediaLifecycle;
  /** The organisation's removed pictures: posters the videos' processing makes are checked as uploads are (docs/moderation.md). */
  pictures: PictureScreen;
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
  const { db, repos, offers, store, config, notifier, lifecycle, pictures, log } = parts;
  const queue = new JobQueue(db, kinds, { log, pollMs: config.jobs.pollMs, heartbeatSeconds: 60, superviseSeconds: config.jobs.superviseSeconds, supervise: works });
  const videos = new VideoProcessor(db, repos, offers, store, notifier, config.video, log, pictures);
  const purge = new AccountPurge(repos, lifecycle, store);
  const archives = new ExportBuilder(db, repos, offers, store, notifier, queue, config.privacy);
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
