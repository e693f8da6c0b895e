import type { Config } from '#server/config.ts';
import type { Db } from '#server/db/client.ts';
import type { JobQueue } from '#server/jobs/queue.ts';
import type { AbuseLimits } from '#server/lib/abuse-limits.ts';
import type { RateLimiter } from '#server/lib/rate-limit.ts';
import { AccountsService } from '#server/modules/accounts/service.ts';
import { CommentsService } from '#server/modules/community/comments-service.ts';
import { FirstComments } from '#server/modules/community/first-comments.ts';
import { FirstPages } from '#server/modules/community/first-pages.ts';
import { PostsService } from '#server/modules/community/posts-service.ts';
import { SearchPages } from '#server/modules/community/search-pages.ts';
import type { SearchRunner } from '#server/modules/community/search-runner.ts';
import { GamesService } from '#server/modules/configs/games-service.ts';
import { HubService } from '#server/modules/configs/hub-service.ts';
import { ConfigsService } from '#server/modules/configs/service.ts';
import { type InsightsRecorder, InsightsService } from '#server/modules/insights/public.ts';
import type { MediaLifecycle } from '#server/modules/media-lifecycle/service.ts';
import { ActionsService } from '#server/modules/moderation/actions-service.ts';
import { QueuesService } from '#server/modules/moderation/queues-service.ts';
import type { Notifier } from '#server/modules/notifications/public.ts';
import { NotificationsService } from '#server/modules/notifications/service.ts';
import { AvatarService } from '#server/modules/people/avatar.ts';
import { PeopleService } from '#server/modules/people/service.ts';
import { PostingService } from '#server/modules/posting/service.ts';
import { PrivacyService, purgeAccountJob } from '#server/modules/privacy/public.ts';
import { FiltersService } from '#server/modules/safety/filters-service.ts';
import { NewAccountsService } from '#server/modules/safety/new-accounts-service.ts';
import type { RemovedPicturesService } from '#server/modules/safety/public.ts';
import { SafetyService } from '#server/modules/safety/service.ts';
import { WatchedWordsService } from '#server/modules/safety/watched-words-service.ts';
import { CategoryAdminService } from '#server/modules/shop/admin-categories.ts';
import { GoodsAdminService } from '#server/modules/shop/admin-goods.ts';
import { VariantAdminService } from '#server/modules/shop/admin-variants.ts';
import { ShopService } from '#server/modules/shop/service.ts';
import { UploadsService } from '#server/modules/uploads/service.ts';
import { VideoService } from '#server/modules/videos/service.ts';
import type { ObjectStore } from '#server/storage/object-store.ts';
import type { Offers } from './offers.ts';
import type { Repos } from './repos.ts';

/** What app.ts opens before the services: the database and its repos, the store, the queues, the limits. */
export interface ServiceParts {
  db: Db;
  repos: Repos;
  /** What a module runs of another's with that one's repos (compose/offers.ts). */
  offers: Offers;
  config: Config;
  store: ObjectStore;
  limiter: RateLimiter;
  /** The write limits (posts, comments, reports, likes, favourites, uploads, blocks): services call limits.enforce. */
  limits: AbuseLimits;
  lifecycle: MediaLifecycle;
  notifier: Notifier;
  jobs: JobQueue;
  usage: InsightsRecorder;
  search: SearchRunner;
  /** Built before the services: the background jobs' video processing checks posters with it too. */
  removedPictures: RemovedPicturesService;
  /** The newest live event this process has heard of (modules/live): the moment's shared pages read anew after it. */
  heard: () => bigint;
}

/**
 * Every service of the API, each built once with what it needs (docs/architecture.md, "Server"):
 * app.ts registers the routes with them. A service gets its repos from `repos` (compose/repos.ts),
 * what other modules offer it from `offers` (compose/offers.ts), the other services it uses from here.
 */
export function buildServices(parts: ServiceParts) {
  const { db, repos, offers, config, store, limiter, limits, lifecycle, notifier, jobs, usage, search, removedPictures, heard } = parts;
  // What people search and look at in the shop, and watched words' hits, for the console's insights (lib/usage.ts).
  const watchedWords = new WatchedWordsService(db, repos, usage);
  // Each person's own filters, applied where they read others' texts (docs/moderation.md, "Personal filters").
  const filters = new FiltersService(db, repos);
  // New accounts' limits (docs/moderation.md, "New accounts"): posting and comments are held to them.
  const newAccounts = new NewAccountsService(db);
  const videos = new VideoService(db, repos, offers, store, jobs, config.video);
  const hub = new HubService(db, repos, limits);
  const configs = new ConfigsService(db, repos, offers, limits, notifier, watchedWords);
  const comments = new CommentsService(db, repos, limits, notifier, watchedWords, filters, newAccounts);
  const goodsAdmin = new GoodsAdminService(db, repos, store, lifecycle);
  const accounts = new AccountsService(
    db,
    repos,
    limiter,
    config,
    lifecycle,
    watchedWords,
    // A sign-in from a device or network the account had not used: its owner is told (inbox and push).
    ({ orgId, userId, label }) => notifier.notify(db, { orgId, type: 'new_sign_in', recipientId: userId, actorId: null, target: { type: 'user', id: userId, excerpt: label } }),
    // A deregistered account's rows and files are purged ACCOUNT_PURGE_DAYS later (docs/privacy.md, "Deletion").
    {
      ready: () => jobs.start(),
      ask: async (q, orgId, userId) => void (await jobs.send(purgeAccountJob, { orgId, userId }, { q, startAfterSeconds: config.privacy.purgeAfterSeconds })),
    },
  );
  return {
    accounts,
    watchedWords,
    filters,
    newAccounts,
    removedPictures,
    videos,
    hub,
    configs,
    comments,
    goodsAdmin,
    notifications: new NotificationsService(db, repos, filters),
    uploads: new UploadsService(store, limits, db),
    posting: new PostingService(db, repos, offers, store, limits, notifier, lifecycle, videos, watchedWords, removedPictures, newAccounts),
    posts: new PostsService(repos, limits, lifecycle, notifier, search, filters, new SearchPages(db, config.feedCacheMs, heard)),
    firstComments: new FirstComments(db, comments, config.feedCacheMs, heard),
    firstPages: new FirstPages(db, repos, config.feedCacheMs, heard),
    people: new PeopleService(db, repos, limits, notifier, hub, watchedWords, filters),
    avatars: new AvatarService(db, store, lifecycle, limits),
    games: new GamesService(db, repos),
    privacy: new PrivacyService(db, repos, store, jobs, configs, config.privacy),
    safety: new SafetyService(db, repos, offers, limits),
    queues: new QueuesService(db, newAccounts),
    actions: new ActionsService(offers, lifecycle, notifier),
    insights: new InsightsService(db),
    shop: new ShopService(repos),
    categoryAdmin: new CategoryAdminService(db, repos),
    variantAdmin: new VariantAdminService(db, repos, store, lifecycle, goodsAdmin),
  };
}
