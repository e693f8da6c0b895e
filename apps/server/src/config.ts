import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_ORG_ID } from '@padhub/contracts';
import { type AbusePolicies, parsePolicies } from '#server/lib/abuse-limits.ts';
import { flag } from '#server/lib/env.ts';
import { type StorageConfig, storageConfig, storageEnv } from '#server/storage/config.ts';
import { type ObservabilityConfig, observabilityConfig, observabilityEnv } from '#server/telemetry/settings.ts';

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('127.0.0.1'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  DATABASE_LISTEN_URL: z.string().url().optional(),
  // A statement waits this long for a connection of a full pool (PostgreSQL), then is answered 503; 0: forever.
  DATABASE_POOL_TIMEOUT_MS: z.coerce.number().int().min(0).default(10_000),
  // Searches send their statements as named prepared statements, planned once per connection
  // (db/client.ts). Off behind a pooler that cannot carry them: pgbouncer in transaction mode
  // before 1.21, or without max_prepared_statements (docs/deploy.md, "Transaction pooling").
  DATABASE_PREPARED: flag.default(true),
  DEFAULT_ORG_ID: z.string().min(1).default(DEFAULT_ORG_ID),
  SEED: flag.optional(),
  // Push: both set, every notification whose push is on goes to the native team's webhook (docs/notifications.md).
  PUSH_WEBHOOK_URL: z.url().optional(),
  PUSH_WEBHOOK_SECRET: z.string().min(16).optional(),
  PUSH_RETRY_BASE_MS: z.coerce.number().int().min(1).default(2000),
  PUSH_POLL_MS: z.coerce.number().int().min(10).default(1000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  // The server's first screen, built by `npm run build` (apps/web/vite.server.config.ts).
  WEB_SSR: z.string().optional(),
  // A render that takes longer is not waited for: the page carries the island alone and renders itself.
  WEB_SSR_TIMEOUT_MS: z.coerce.number().int().positive().default(1000),
  LOGIN_LIMIT_PER_IP: z.coerce.number().int().positive().default(60),
  LOGIN_LIMIT_PER_ACCOUNT: z.coerce.number().int().positive().default(10),
  REGISTER_LIMIT_PER_IP: z.coerce.number().int().positive().default(20),
  // A session ends this many days after its login however often it is used (docs/bridge.md, "Token handling").
  SESSION_MAX_DAYS: z.coerce.number().int().positive().default(90),
  // Overrides of the write limits (lib/abuse-limits.ts): `comment.user=20/3600,like.ip=5000/3600`.
  RATE_LIMITS: z.string().optional(),
  // The addresses of the proxies in front (CIDRs or proxy-addr's names: "10.0.0.0/8,loopback").
  // X-Forwarded-For is read only through them. "true" (trust any X-Forwarded-For) would let a client
  // pick its own address and slip every per-address limit; a hop count cannot check the peer
  // (Fastify ignores it): both are refused.
  TRUST_PROXY: z
    .string()
    .default('off')
    .refine((v) => v === '0' || !/^(true|yes|on|\d+)$/i.test(v), 'give the addresses of the proxies in front (e.g. 10.0.0.0/8), not "true" or a count')
    .transform((v): false | string => (/^(false|no|off|0)$/i.test(v) ? false : v)),
  SHUTDOWN_GRACE_MS: z.coerce.number().int().positive().default(10_000),
  // After SIGTERM, readiness answers 503 this long while everything else is still served, so a
  // balancer that polls readiness stops sending before the listener closes (docs/deploy.md).
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).default(0),
  // How long the first page of a feed, and a search, is shared between readers (http/shared-answers.ts,
  // community/first-pages.ts, community/search-pages.ts); 0: never.
  FEED_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
  // How often the console's insights are recounted (docs/insights.md, "The rollup"): today's figures are at most this late.
  INSIGHTS_EVERY_SECONDS: z.coerce.number().int().min(4).max(86_400).default(900),
  // Searches at once per process (below the pool of 10, so other requests keep four connections), how
  // long one waits for its turn, and how long one statement may run (community/search-runner.ts).
  SEARCH_CONCURRENCY: z.coerce.number().int().positive().default(6),
  SEARCH_QUEUE_MS: z.coerce.number().int().min(0).default(1000),
  SEARCH_TIMEOUT_MS: z.coerce.number().int().positive().default(3000),
  // How long a search's last resort, every match from the text index, may run before the search
  // answers with the matches it has (community/search-repo.ts; docs/search.md, "A bounded third pass").
  SEARCH_THIRD_PASS_MS: z.coerce.number().int().positive().default(50),
  // How long every match of a search, once read, answers the same words again (another order, a
  // filter, the next page; community/match-sets.ts; docs/search.md, "Match sets"); 0: never.
  SEARCH_MATCH_SET_MS: z.coerce.number().int().min(0).max(60_000).default(10_000),
  // The API's request bodies (1 MB at most) must arrive within this; uploads to /storage are not bound by it.
  API_BODY_TIMEOUT_MS: z.coerce.number().int().positive().default(30_000),
  // A request's headers must arrive within this (Node checks every few seconds, so the cut comes a little later).
  HEADERS_TIMEOUT_MS: z.coerce.number().int().positive().default(20_000),
  // An idle keep-alive connection closes after this; behind a load balancer, longer than its idle timeout.
  KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().positive().default(72_000),
  // A connection on which nothing at all arrives or leaves for this long is closed (0: never).
  IDLE_TIMEOUT_MS: z.coerce.number().int().min(0).default(120_000),
  // Background jobs (docs/jobs.md): whether this process works them too (off on API processes whose
  // cluster runs `npm run worker`), how often an idle worker asks for work, how often the watchdog looks.
  JOBS_IN_PROCESS: flag.default(true),
  JOBS_POLL_MS: z.coerce.number().int().min(500).default(2000),
  JOBS_SUPERVISE_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  // Video processing (docs/video.md): ffmpeg and ffprobe to use instead of the system's or npm's, and
  // how many videos one worker processes at once (each keeps about a core busy).
  FFMPEG_PATH: z.string().min(1).optional(),
  FFPROBE_PATH: z.string().min(1).optional(),
  VIDEO_JOBS_AT_ONCE: z.coerce.number().int().min(1).max(16).default(1),
  // Your data (docs/privacy.md): a deregistered account's rows and files are purged this many days
  // later (0: at once); an archive's download link lives this many hours; one archive per this many days.
  ACCOUNT_PURGE_DAYS: z.coerce.number().min(0).max(3650).default(30),
  EXPORT_LINK_HOURS: z.coerce.number().positive().max(24 * 30).default(48),
  EXPORT_EVERY_DAYS: z.coerce.number().min(0).max(365).default(7),
  // The public origin (scheme, host and port) people reach this server at; unset: the address it listens on.
  PUBLIC_URL: z.url().optional(),
  ...storageEnv,
  ...observabilityEnv,
});

/** Environment variables as a test or main passes them: text, like process.env. */
export type Env = { [K in keyof z.input<typeof envSchema>]?: string };

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** Unset: PGlite under dataDir/db. Set: PostgreSQL with the same migrations. */
  databaseUrl: string | undefined;
  /** PostgreSQL: where the live events are listened for (a session connection, never pgbouncer's transaction mode); databaseUrl when unset. */
  databaseListenUrl: string | undefined;
  /** How long a statement waits for a free connection before it is refused (PostgreSQL); 0: forever. */
  databasePoolTimeoutMs: number;
  /** PostgreSQL: a search's statements go as named prepared statements (off behind pgbouncer before 1.21). */
  databasePrepared: boolean;
  defaultOrgId: string;
  seed: boolean;
  logLevel: string;
  /** Where the built web app lives; served under /app/. */
  webDist: string;
  /** The built module that renders the landing pages' first screen (docs/first-screen.md); absent: the island alone. */
  webSsr: string;
  webSsrTimeoutMs: number;
  limits: {
    loginPerIp: number;
    loginPerAccount: number;
    registerPerIp: number;
  };
  /** Days after its login when a session ends, used or not. */
  sessionMaxDays: number;
  /** Writes per person and per address: posts, comments, reports, likes, favourites, uploads, blocks. */
  rateLimits: AbusePolicies;
  shutdownGraceMs: number;
  /** SIGTERM: how long readiness says no before the listener closes. */
  shutdownDrainMs: number;
  /** How long an anonymous first feed page is shared between readers; 0: not at all. */
  feedCacheMs: number;
  /** How often the insights' rollup runs, cluster-wide. */
  insightsEveryMs: number;
  search: SearchLimits;
  /** How long a connection may take to send what it must (http/body-timeout.ts, Node's server timeouts). */
  timeouts: { apiBodyMs: number; headersMs: number; keepAliveMs: number; idleMs: number };
  /**
   * The origin people reach Padhub at (no trailing slash). Unset: the address it listens on, and the
   * loopback names of that port; a request's Host is never believed beyond those.
   */
  publicUrl: string | undefined;
  /** Behind load balancers: the proxies whose X-Forwarded-For is believed (rate limits count the client address). */
  trustProxy: false | string;
  storage: StorageConfig;
  /** Uploads nothing names are deleted once this old (the orphan sweep). */
  orphanGraceMs: number;
  /** The push webhook, when both its address and secret are set. */
  push: PushConfig | null;
  /** Prometheus metrics and OpenTelemetry traces (telemetry/settings.ts); both off by default. */
  observability: ObservabilityConfig;
  jobs: JobsConfig;
  video: VideoConfig;
  privacy: PrivacyConfig;
}

/** Your data (docs/privacy.md): the archive's link and cadence, and when a deregistered account is purged. */
export interface PrivacyConfig {
  purgeAfterSeconds: number;
  linkSeconds: number;
  exportEverySeconds: number;
}

/** Video processing (docs/video.md). */
interface VideoConfig {
  /** FFMPEG_PATH, FFPROBE_PATH; unset: the system's when newer, else npm's (video/tools.ts). */
  ffmpegPath: string | undefined;
  ffprobePath: string | undefined;
  /** Videos one worker processes at once. */
  jobsAtOnce: number;
}

/** Background jobs (docs/jobs.md). */
interface JobsConfig {
  /** This process runs a worker beside the API (the embedded default); off where `npm run worker` processes do it. */
  inProcess: boolean;
  pollMs: number;
  superviseSeconds: number;
}

export interface SearchLimits {
  /** Searches running at once in this process; the rest wait. Keep it below the pool's size. */
  concurrency: number;
  /** How long a search waits for its turn before it is answered search_busy. */
  queueMs: number;
  /** The longest one search statement may run (PostgreSQL only). */
  timeoutMs: number;
  /** The longest the third pass (every match from the text index) may run before the search answers cut (PostgreSQL only; absent: no bound). */
  thirdPassMs?: number;
  /** How long every match of a search, once read, answers the same words again; 0: never. */
  matchSetMs?: number;
}

export interface PushConfig {
  url: string;
  secret: string;
  /** The first retry's delay; each further one doubles it (with jitter, capped). */
  retryBaseMs: number;
  pollMs: number;
}

const repoRoot = path.resolve(import.meta.dirname, '../../..');

/** Environment → typed config. Nothing else in the server reads process.env. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== '')));
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databaseListenUrl: e.DATABASE_LISTEN_URL,
    databasePoolTimeoutMs: e.DATABASE_POOL_TIMEOUT_MS,
    databasePrepared: e.DATABASE_PREPARED,
    defaultOrgId: e.DEFAULT_ORG_ID,
    // Demo data is on by default only in the embedded setup: a production database never gets it by accident.
    seed: e.SEED ?? e.DATABASE_URL === undefined,
    logLevel: e.LOG_LEVEL,
    webDist: path.resolve(e.WEB_DIST ?? path.join(repoRoot, 'apps/web/dist')),
    webSsr: path.resolve(e.WEB_SSR ?? path.join(repoRoot, 'apps/web/dist-server/server-render.js')),
    webSsrTimeoutMs: e.WEB_SSR_TIMEOUT_MS,
    limits: {
      loginPerIp: e.LOGIN_LIMIT_PER_IP,
      loginPerAccount: e.LOGIN_LIMIT_PER_ACCOUNT,
      registerPerIp: e.REGISTER_LIMIT_PER_IP,
    },
    sessionMaxDays: e.SESSION_MAX_DAYS,
    rateLimits: rateLimits(e.RATE_LIMITS),
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
    shutdownDrainMs: e.SHUTDOWN_DRAIN_MS,
    feedCacheMs: e.FEED_CACHE_MS,
    insightsEveryMs: e.INSIGHTS_EVERY_SECONDS * 1000,
    search: { concurrency: e.SEARCH_CONCURRENCY, queueMs: e.SEARCH_QUEUE_MS, timeoutMs: e.SEARCH_TIMEOUT_MS, thirdPassMs: e.SEARCH_THIRD_PASS_MS, matchSetMs: e.SEARCH_MATCH_SET_MS },
    timeouts: { apiBodyMs: e.API_BODY_TIMEOUT_MS, headersMs: e.HEADERS_TIMEOUT_MS, keepAliveMs: e.KEEP_ALIVE_TIMEOUT_MS, idleMs: e.IDLE_TIMEOUT_MS },
    publicUrl: e.PUBLIC_URL ? new URL(e.PUBLIC_URL).origin : undefined,
    trustProxy: e.TRUST_PROXY,
    storage: storageConfig(e, path.resolve(e.DATA_DIR)),
    orphanGraceMs: e.STORAGE_ORPHAN_HOURS * 3600 * 1000,
    push:
      e.PUSH_WEBHOOK_URL && e.PUSH_WEBHOOK_SECRET
        ? { url: e.PUSH_WEBHOOK_URL, secret: e.PUSH_WEBHOOK_SECRET, retryBaseMs: e.PUSH_RETRY_BASE_MS, pollMs: e.PUSH_POLL_MS }
        : null,
    observability: observabilityConfig(e, e.PORT),
    privacy: { purgeAfterSeconds: e.ACCOUNT_PURGE_DAYS * 86_400, linkSeconds: e.EXPORT_LINK_HOURS * 3600, exportEverySeconds: e.EXPORT_EVERY_DAYS * 86_400 },
    jobs: { inProcess: e.JOBS_IN_PROCESS, pollMs: e.JOBS_POLL_MS, superviseSeconds: e.JOBS_SUPERVISE_SECONDS },
    video: { ffmpegPath: e.FFMPEG_PATH, ffprobePath: e.FFPROBE_PATH, jobsAtOnce: e.VIDEO_JOBS_AT_ONCE },
  };
}

function rateLimits(text: string | undefined): AbusePolicies {
  const policies = parsePolicies(text);
  if (typeof policies === 'string') throw new Error(`Invalid configuration: RATE_LIMITS: ${policies}`);
  return policies;
}
