import fastifyCompress from '@fastify/compress';
import fastifySwagger from '@fastify/swagger';
import type { ServerResponse } from 'node:http';
import { constants as zlibConstants } from 'node:zlib';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import { type Db, openDb } from './db/client.ts';
import { startHousekeeping } from './compose/housekeeping.ts';
import { liveKeys } from './compose/live-keys.ts';
import { migrate } from './db/migrate.ts';
import { registerBodyTimeout } from './http/body-timeout.ts';
import { registerLanguage, registerTenancy } from './http/context.ts';
import { clientErrorHandler, frameworkErrors } from './http/edge-errors.ts';
import { registerPublicOrigin } from './http/public-origin.ts';
import { requestId } from './http/request-id.ts';
import { registerRequestContext } from './http/request-context.ts';
import { registerErrorHandling } from './http/error-handler.ts';
import { closeConnectionsWhileClosing } from './http/closing.ts';
import { acceptEmptyJson } from './http/empty-json.ts';
import { registerEtag } from './http/etag.ts';
import { SharedAnswers } from './http/shared-answers.ts';
import { refuseUnstorableText } from './http/storable-text.ts';
import { openJobs } from './compose/background-jobs.ts';
import { openOffers } from './compose/offers.ts';
import { openRepos } from './compose/repos.ts';
import { buildServices } from './compose/services.ts';
import type { JobQueue } from './jobs/queue.ts';
import { AbuseLimits } from './lib/abuse-limits.ts';
import { RateLimiter } from './lib/rate-limit.ts';
import { accountRoutes } from './modules/accounts/routes.ts';
import { SearchRunner } from './modules/community/search-runner.ts';
import { communityRoutes } from './modules/community/routes.ts';
import { gameAdminRoutes, hubRoutes } from './modules/configs/hub-routes.ts';
import { configRoutes } from './modules/configs/routes.ts';
import { Readiness } from './modules/health/readiness.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { LiveHub } from './modules/live/hub.ts';
import { LiveRenderer } from './modules/live/render.ts';
import { liveRoutes } from './modules/live/routes.ts';
import { InsightsRecorder, insightsRoutes } from './modules/insights/public.ts';
import { MediaLifecycle } from './modules/media-lifecycle/service.ts';
import { moderationRoutes } from './modules/moderation/routes.ts';
import { Notifier } from './modules/notifications/public.ts';
import { enqueuePush } from './modules/notifications/outbox.ts';
import { notificationRoutes } from './modules/notifications/routes.ts';
import { peopleRoutes } from './modules/people/routes.ts';
import { organisationRoutes } from './modules/organisations/routes.ts';
import { postingRoutes } from './modules/posting/routes.ts';
import { archiveDownloadRoutes, privacyRoutes } from './modules/privacy/public.ts';
import { RemovedPicturesService } from './modules/safety/public.ts';
import { safetyRoutes } from './modules/safety/routes.ts';
import { shopAdminRoutes } from './modules/shop/admin-routes.ts';
import { shopRoutes } from './modules/shop/routes.ts';
import { watchedWordRoutes } from './modules/safety/watched-words-routes.ts';
import { filterRoutes } from './modules/safety/filters-routes.ts';
import { removedPictureRoutes } from './modules/safety/removed-pictures-routes.ts';
import { newAccountRoutes } from './modules/safety/new-accounts-routes.ts';
import { uploadRoutes } from './modules/uploads/routes.ts';
import { videoRoutes } from './modules/videos/routes.ts';
import { webRoutes } from './modules/web/routes.ts';
import { type Observed, observe } from './observability/observe.ts';
import { startTracing } from './observability/tracing.ts';
import { seedIfEmpty } from './seed/index.ts';
import { openStorage, type Storage } from './storage/open-storage.ts';
import { version } from './version.ts';

export interface Padhub {
  app: FastifyInstance;
  db: Db;
  config: Config;
  storage: Storage;
  lifecycle: MediaLifecycle;
  /** Background jobs (docs/jobs.md): sent from here; worked here too unless JOBS_IN_PROCESS=0. */
  jobs: JobQueue;
  /** Every route as registered (method and URL), for tests that must cover each one. */
  routes: { method: string; url: string }[];
  /** Shutdown's first step: readiness answers 503 (and answers close their connection) while requests are still served. */
  drain(): void;
  /** The queues /metrics reports, and the separate metrics listener's port (observability/observe.ts). */
  observed: Observed;
  /** What people searched and looked at, kept in memory until written (modules/insights/recorder.ts). */
  usage: InsightsRecorder;
}

/** The composition root: infrastructure, then services, then routes. Used by main and by tests. */
export async function buildApp(config: Config, options: { db?: Db } = {}): Promise<Padhub> {
  const db = options.db ?? (await openDb({ url: config.databaseUrl, listenUrl: config.databaseListenUrl, dir: `${config.dataDir}/db`, poolTimeoutMs: config.databasePoolTimeoutMs, prepared: config.databasePrepared }));
  await migrate(db);

  const limiter = new RateLimiter(db);
  // The write limits (posts, comments, reports, likes, favourites, uploads, blocks): services call limits.enforce.
  const limits = new AbuseLimits(limiter, config.rateLimits);
  const search = new SearchRunner(db, config.search);
  // Every repo, once (compose/repos.ts); the services below get theirs from it.
  const repos = openRepos(db, { thirdPassMs: search.thirdPassMs, matchSetMs: config.search.matchSetMs });
  // What one module runs of another's with that one's repos, once (compose/offers.ts).
  const offers = openOffers(repos);
  const storage = await openStorage(config.storage, { db });
  // The seed puts its pictures in the store, so the store opens first.
  if (config.seed) await seedIfEmpty({ db, config, store: storage.store });

  let closing = false;
  // Tracing, when on, starts before the app: its log lines carry their trace's id (observability/tracing.ts).
  const traces = config.observability.tracing ? await startTracing(config.observability.tracing) : null;
  const app = Fastify({
    logger: { level: config.logLevel, ...(traces ? { mixin: traces.logFields } : {}) },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // Requests that arrive while shutting down get a clean 503; those in flight still finish.
    return503OnClosing: true,
    // A caller's X-Request-Id is kept only when it is a plain token (http/request-id.ts).
    requestIdHeader: false,
    genReqId: requestId,
    // Slow senders are cut (the API's bodies by http/body-timeout.ts); refusals before routing stay in the envelope.
    keepAliveTimeout: config.timeouts.keepAliveMs,
    connectionTimeout: config.timeouts.idleMs,
    http: { headersTimeout: config.timeouts.headersMs, connectionsCheckingInterval: Math.min(5000, config.timeouts.headersMs) },
    frameworkErrors,
    clientErrorHandler,
    // One access line per request at debug level: `LOG_LEVEL=debug` turns them on; info stays readable.
    logController: new LogController({ disableRequestLogging: true }),
  });
  // Traces, request ids, request metrics and /metrics: first, so that they see every hook and route.
  const readiness = new Readiness({ db, storage: () => storage.ready(), draining: () => closing });
  const observed = await observe(app, config, { db, readiness: (database) => readiness.check(database), traces });
  // Deletes removed content's files from the store (after the removal commits, and in the sweep).
  const lifecycle = new MediaLifecycle(db, repos, storage.store, { orphanGraceMs: config.orphanGraceMs, liveKeys, log: app.log });
  // Every queue, measured when Prometheus scrapes (observability/queues.ts).
  observed.queues.addTable('push_outbox');
  observed.queues.addTable('storage_deletions');
  observed.queues.add('search', () => search.figures());
  // With the push webhook configured, each notification whose push is on is queued in its transaction.
  const notifier = new Notifier(repos, config.push ? enqueuePush : undefined);
  // Background jobs: this process works them too unless a cluster runs `npm run worker` for that.
  // Posters the videos' processing makes are checked against the removed pictures as uploads are (docs/moderation.md).
  const removedPictures = new RemovedPicturesService(db);
  const { queue: jobs, handlers } = openJobs({ db, repos, offers, store: storage.store, config, notifier, lifecycle, pictures: removedPictures, log: app.log }, config.jobs.inProcess);
  observed.queues.addJobs(jobs.metricQueues(), () => jobs.start());
  // What people search and look at in the shop, and watched words' hits, for the console's insights (lib/usage.ts).
  const usage = new InsightsRecorder(db);
  // Every service, once (compose/services.ts); the live hub's newest event is read when a shared page is asked for.
  const services = buildServices({ db, repos, offers, config, store: storage.store, limiter, limits, lifecycle, notifier, jobs, usage, search, removedPictures, heard: () => live.heard });
  const { accounts, notifications, videos, hub } = services;
  // The live stream (modules/live): this process's listener, and its open streams.
  const liveRenderer = new LiveRenderer(db, notifications);
  const live = new LiveHub(db, liveRenderer, app.log);
  await live.start();
  const liveStreams = new Set<ServerResponse>();
  // Open streams end at once when the process stops: their clients reconnect to another process
  // and replay from their last id. The listener stops before the database closes.
  app.addHook('preClose', async () => {
    for (const res of liveStreams) res.end();
    await live.stop();
  });
  registerRequestContext(app);
  const routes: Padhub['routes'] = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routes.push({ method, url: route.url });
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  registerPublicOrigin(app, config.publicUrl);
  acceptEmptyJson(app);
  app.addHook('preClose', async () => {
    closing = true;
  });
  closeConnectionsWhileClosing(app, () => closing);
  // Background deletions and jobs in flight finish (or are handed back to the queue) before the database closes.
  app.addHook('onClose', async () => {
    await jobs.stop(config.shutdownGraceMs / 2);
    await videos.close();
    await lifecycle.settled();
    await usage.flush();
    await db.close();
  });
  app.addHook('onResponse', async (request, reply) => {
    request.log.debug({ method: request.method, url: request.url, status: reply.statusCode, ms: Math.round(reply.elapsedTime) }, 'request');
  });

  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Padhub API', version },
      components: {
        securitySchemes: {
          token: { type: 'apiKey', in: 'header', name: 'token' },
          organisation: { type: 'apiKey', in: 'header', name: 'Accorgid' },
        },
      },
      security: [{ organisation: [], token: [] }],
    },
    transform: jsonSchemaTransform,
  });

  await app.register(async (api) => {
    // A feed page is tens of kB of JSON that shrinks five to ten times: phones on mobile networks
    // wait for bytes, not for the server. Request bodies stay plain (no zip bombs to unpack).
    registerEtag(api);
    registerBodyTimeout(api, config.timeouts.apiBodyMs);
    // Brotli's default quality (11) takes tens of milliseconds on a feed page for about a tenth fewer
    // bytes; 4 is about a millisecond for a size near gzip's (bench/feed-load.ts). Stated here so an
    // upgrade of the plugin cannot change it.
    await api.register(fastifyCompress, { encodings: ['br', 'gzip'], globalDecompression: false, brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } } });
    registerLanguage(api);
    refuseUnstorableText(api);
    await api.register(healthRoutes, { readiness, version });
    api.get('/docs/json', { schema: { hide: true } }, async () => app.swagger());
    // An archive's signed link: a browser's download carries no organisation header nor token (docs/privacy.md).
    await api.register(archiveDownloadRoutes, { privacy: services.privacy });

    await api.register(async (tenant) => {
      registerTenancy(tenant, {
        findOrganisation: (id) => repos.organisations.find(id),
        resolveToken: (token, orgId, ask) => accounts.resolve(token, orgId, ask),
      });
      await tenant.register(accountRoutes, { accounts });
      await tenant.register(uploadRoutes, { uploads: services.uploads });
      await tenant.register(watchedWordRoutes, { prefix: '/admin', watchedWords: services.watchedWords });
      await tenant.register(removedPictureRoutes, { prefix: '/admin', removedPictures: services.removedPictures });
      await tenant.register(newAccountRoutes, { prefix: '/admin', newAccounts: services.newAccounts });
      await tenant.register(postingRoutes, { posting: services.posting });
      await tenant.register(videoRoutes, { videos });
      const { posts, comments, firstComments, firstPages } = services;
      await tenant.register(communityRoutes, {
        posts,
        comments,
        firstComments,
        firstPages,
        sharedFeed: new SharedAnswers(config.feedCacheMs),
        sharedSearches: new SharedAnswers(config.feedCacheMs),
        sharedComments: new SharedAnswers(config.feedCacheMs),
        usage,
      });
      await tenant.register(peopleRoutes, { people: services.people, avatars: services.avatars });
      await tenant.register(notificationRoutes, { notifications });
      await tenant.register(liveRoutes, { db, hub: live, renderer: liveRenderer, open: liveStreams, tickets: repos.tickets });
      await tenant.register(hubRoutes, { hub, games: services.games });
      await tenant.register(gameAdminRoutes, { prefix: '/admin', games: services.games });
      await tenant.register(configRoutes, { configs: services.configs, usage });
      await tenant.register(privacyRoutes, { privacy: services.privacy });
      await tenant.register(safetyRoutes, { safety: services.safety });
      await tenant.register(filterRoutes, { filters: services.filters });
      await tenant.register(moderationRoutes, { prefix: '/admin', queues: services.queues, actions: services.actions });
      await tenant.register(insightsRoutes, { prefix: '/admin', insights: services.insights });
      await tenant.register(organisationRoutes, { store: storage.store });
      await tenant.register(shopRoutes, { shop: services.shop, usage });
      const { categoryAdmin, goodsAdmin, variantAdmin } = services;
      await tenant.register(shopAdminRoutes, { prefix: '/admin', categoryAdmin, goodsAdmin, variantAdmin });
    });
  }, { prefix: '/api' });

  // The embedded S3 endpoint (outside /api: S3 clients speak XML, not the envelope) and its sweeper.
  await storage.register(app);
  await app.register(webRoutes, { webDist: config.webDist, webSsr: config.webSsr, webSsrTimeoutMs: config.webSsrTimeoutMs, storageOrigins: storage.store.browserOrigins?.() ?? [], defaultOrgId: config.defaultOrgId });

  startHousekeeping(app, { db, config, limiter, accounts, lifecycle, hub, tickets: repos.tickets, usage });
  if (config.jobs.inProcess) await jobs.work(handlers);

  const drain = () => {
    closing = true;
  };
  return { app, db, config, storage, lifecycle, jobs, routes, drain, observed, usage };
}
