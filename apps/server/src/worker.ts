import pino from 'pino';
import { openJobs } from './compose/background-jobs.ts';
import { openOffers } from './compose/offers.ts';
import { openRepos } from './compose/repos.ts';
import { loadConfig } from './config.ts';
import { openDb } from './db/client.ts';
import { migrate } from './db/migrate.ts';
import { liveKeys } from './compose/live-keys.ts';
import { MediaLifecycle } from './modules/media-lifecycle/service.ts';
import { Notifier } from './modules/notifications/public.ts';
import { enqueuePush } from './modules/notifications/outbox.ts';
import { RemovedPicturesService } from './modules/safety/public.ts';
import { openStorage } from './storage/open-storage.ts';

// `npm run worker` (docs/jobs.md, docs/deploy.md): a process that only works background jobs, on the
// same database and object store as the API processes (which then run with JOBS_IN_PROCESS=0).
// Start as many as the work needs; each takes jobs as it has room.
const config = loadConfig();
const log = pino({ level: config.logLevel });
if (!config.databaseUrl) {
  // The embedded database is one process's (its directory is locked): `npm start` works the jobs itself.
  console.error('npm run worker needs DATABASE_URL (PostgreSQL); with the embedded database, npm start runs the jobs itself');
  process.exit(1);
}
const db = await openDb({ url: config.databaseUrl, dir: `${config.dataDir}/db` });
await migrate(db);
const storage = await openStorage(config.storage, { db });
// A composition root of its own, as app.ts is: the same repos, and what the job handlers need.
const repos = openRepos(db);
// The same notifier as the API processes': a video's outcome reaches its author's inbox (and push).
const notifier = new Notifier(repos, config.push ? enqueuePush : undefined);
// The purge of a deregistered account queues its files here; the prompt pass deletes them (and the API's hourly sweep retries).
const lifecycle = new MediaLifecycle(db, repos, storage.store, { orphanGraceMs: config.orphanGraceMs, liveKeys, log });
const pictures = new RemovedPicturesService(db);
const { queue, handlers } = openJobs({ db, repos, offers: openOffers(repos), store: storage.store, config, notifier, lifecycle, pictures, log }, true);
await queue.work(handlers);
// The one line a person needs: that it runs.
console.log('Padhub worker is running');

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  log.info({ signal }, 'worker shutting down: finishing jobs in flight');
  // What is still running at the end of the grace is handed back to the queue, and tried again.
  await queue.stop(config.shutdownGraceMs);
  await lifecycle.settled();
  await db.close();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
