import { liveReplayMs } from '@padhub/contracts';
import type { FastifyInstance } from 'fastify';
import type { Config } from '#server/config.ts';
import type { Db } from '#server/db/client.ts';
import { type BackgroundJob, runOncePerCluster } from '#server/lib/background.ts';
import { pruneLive } from '#server/lib/live-events.ts';
import type { RateLimiter } from '#server/lib/rate-limit.ts';
import type { AccountsService } from '#server/modules/accounts/service.ts';
import type { HubService } from '#server/modules/configs/hub-service.ts';
import { type InsightsRecorder, InsightsRollup } from '#server/modules/insights/public.ts';
import type { TicketsRepo } from '#server/modules/live/tickets-repo.ts';
import type { MediaLifecycle } from '#server/modules/media-lifecycle/service.ts';
import { PushWorker } from '#server/modules/notifications/outbox.ts';

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;

/** What the periodic work of one process is done with (app.ts builds them). */
export interface HousekeepingParts {
  db: Db;
  config: Config;
  limiter: RateLimiter;
  accounts: AccountsService;
  lifecycle: MediaLifecycle;
  hub: HubService;
  tickets: TicketsRepo;
  usage: InsightsRecorder;
}

/**
 * Everything a process does on a timer rather than on a request: the push worker (with a push
 * webhook configured), the hub's ranking refresh, and the housekeeping passes that one process of
 * the cluster runs per period (lib/background.ts). Each stops before the app closes, so that a pass
 * in flight finishes while the database is still open.
 */
export function startHousekeeping(app: FastifyInstance, parts: HousekeepingParts): void {
  const { db, config, hub, lifecycle, tickets, usage } = parts;
  if (config.push) {
    const pushWorker = new PushWorker(db, config.push, app.log);
    pushWorker.start();
    app.addHook('preClose', async () => pushWorker.stop());
  }

  // The hub's rankings move once an hour; checking every few minutes keeps the lag near the hour's turn.
  let ranked: Promise<unknown> = Promise.resolve();
  const rank = () => {
    ranked = hub.refreshRankings().catch((err: unknown) => app.log.warn({ err }, 'hub ranking refresh failed'));
  };
  rank();
  const ranking = setInterval(rank, 5 * MINUTE);
  ranking.unref();
  app.addHook('preClose', async () => {
    clearInterval(ranking);
    await ranked;
  });

  const jobs: BackgroundJob[] = [
    { name: 'rate-counters', everyMs: HOUR, run: () => parts.limiter.sweep() },
    { name: 'sessions', everyMs: HOUR, run: () => parts.accounts.sweep() },
    { name: 'storage-deletions', everyMs: HOUR, run: () => lifecycle.sweep() },
    // A reconnecting client replays five minutes (packages/contracts, live.ts); older rows only take room.
    { name: 'live-events', everyMs: 10 * MINUTE, run: () => Promise.all([pruneLive(db, 2 * liveReplayMs), tickets.sweep()]) },
    // The orphan scan reads the store's whole listing: a few times a day is enough. What it queues
    // is deleted at once, as a removal's files are, not left waiting for the hourly sweep.
    { name: 'storage-orphans', everyMs: 6 * HOUR, run: () => lifecycle.queueOrphans().then(() => lifecycle.drain()) },
    // The console's insights: today's figures are at most this late (docs/insights.md, "The rollup").
    { name: 'insights-rollup', everyMs: config.insightsEveryMs, run: () => new InsightsRollup(db, usage).keep() },
  ];
  app.addHook('preClose', runOncePerCluster(db, jobs, app.log));
}
