import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_ORG_ID } from '@padhub/contracts';
import { type AbusePolicies, parsePolicies } from './lib/abuse-limits.ts';
import type { SearchLimits } from './modules/community/search-runner.ts';

const flag = z
  .enum(['1', '0', 'true', 'false', 'on', 'off', 'yes', 'no'])
  .transform((v) => ['1', 'true', 'on', 'yes'].includes(v));

const bucketName = z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'an S3 bucket name');
const storageEnv = {
  STORAGE: z.enum(['embedded', 's3']).default('embedded'),
  STORAGE_BUCKET: bucketName.default('padhub'),
  STORAGE_REGION: z.string().min(1).default('us-east-1'),
  STORAGE_SECRET: z.string().min(32, 'at least 32 characters').optional(),
  STORAGE_PUBLIC_URL: z.string().url().optional(),
  STORAGE_CREDENTIAL_SECONDS: z.coerce.number().int().min(60).max(3600).default(900),
  // MiB each person may upload per day (UTC) through the embedded endpoint; 0: no quota.
  STORAGE_UPLOAD_QUOTA_MB: z.coerce.number().int().min(0).default(4096),
  // Uploads that no post, avatar or goods names are deleted once this old.
  STORAGE_ORPHAN_HOURS: z.coerce.number().int().min(1).default(24),
  S3_ENDPOINT: z.string().url().optional(),
  S3_REGION: z.string().min(1).optional(),
  S3_BUCKET: bucketName.optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_ROLE_ARN: z.string().min(1).optional(),
  S3_STS_ENDPOINT: z.string().url().optional(),
  S3_PATH_STYLE: flag.default(false),
  S3_PUBLIC_URL: z.string().url().optional(),
  // Where upload credentials come from (storage/s3/credential-issuers/): AWS STS (AWS, MinIO),
  // Aliyun STS (OSS) or Cloudflare's R2 temporary credentials.
  S3_CREDENTIALS: z.enum(['aws-sts', 'aliyun-sts', 'r2']).default('aws-sts'),
  ALIYUN_STS_ENDPOINT: z.string().url().default('https://sts.aliyuncs.com'),
  R2_ACCOUNT_ID: z.string().regex(/^[0-9a-f]{32}$/, 'a Cloudflare account id (32 hex digits)').optional(),
  R2_API_TOKEN: z.string().min(1).optional(),
  R2_API_ENDPOINT: z.string().url().default('https://api.cloudflare.com/client/v4'),
};

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('127.0.0.1'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
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
  // How long the anonymous first page of a feed is shared between readers (http/shared-answers.ts); 0: never.
  FEED_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
  // Searches at once per process (below the pool of 10, so other requests keep four connections), how
  // long one waits for its turn, and how long one statement may run (community/search-runner.ts).
  SEARCH_CONCURRENCY: z.coerce.number().int().positive().default(6),
  SEARCH_QUEUE_MS: z.coerce.number().int().min(0).default(1000),
  SEARCH_TIMEOUT_MS: z.coerce.number().int().positive().default(3000),
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
  // The public origin (scheme, host and port) people reach this server at; unset: the address it listens on.
  PUBLIC_URL: z.url().optional(),
  ...storageEnv,
});

/** Environment variables as a test or main passes them: text, like process.env. */
export type Env = { [K in keyof z.input<typeof envSchema>]?: string };

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** Unset: PGlite under dataDir/db. Set: PostgreSQL with the same migrations. */
  databaseUrl: string | undefined;
  defaultOrgId: string;
  seed: boolean;
  logLevel: string;
  /** Where the built web app lives; served under /app/. */
  webDist: string;
  /** The built module that renders the landing pages' first screen (docs/first-screen.md); absent: the island alone. */
  webSsr: string;
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
  jobs: JobsConfig;
  video: VideoConfig;
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

export interface PushConfig {
  url: string;
  secret: string;
  /** The first retry's delay; each further one doubles it (with jitter, capped). */
  retryBaseMs: number;
  pollMs: number;
}

/** Object storage: the embedded S3-compatible endpoint under /storage, or a real S3-compatible store. */
export type StorageConfig = EmbeddedStorageConfig | S3StorageConfig;

export interface EmbeddedStorageConfig {
  kind: 'embedded';
  /** Objects live under this directory (DATA_DIR/objects). */
  dir: string;
  bucket: string;
  region: string;
  /** Signs upload credentials; unset: generated once and kept in DATA_DIR/storage-secret. */
  secret: string | undefined;
  secretFile: string;
  /** Unset: the origin of the request that asked for credentials, plus /storage. */
  publicUrl: string | undefined;
  credentialSeconds: number;
  /** Bytes each person may upload per day (UTC); null: no quota. */
  dailyUploadQuotaBytes: number | null;
}

export interface S3StorageConfig {
  kind: 's3';
  /** Unset: AWS's own endpoint for the region. */
  endpoint: string | undefined;
  region: string;
  bucket: string;
  /** Unset: the SDK's default chain (environment, instance role). */
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  /** How upload credentials are obtained (S3_CREDENTIALS). */
  issuer: CredentialIssuerConfig;
  pathStyle: boolean;
  /** Where images are read from; unset: bucket + endpoint host (virtual-hosted style). */
  publicUrl: string | undefined;
  /** STS grants at least 900 seconds. */
  credentialSeconds: number;
}

/** Each narrows a grant to the user's prefix its own way: a session policy, a RAM policy, R2's `prefixes`. */
export type CredentialIssuerConfig =
  /** AssumeRole on `roleArn`; unset endpoint: AWS STS for the region. */
  | { kind: 'aws-sts'; roleArn: string; stsEndpoint: string | undefined }
  /** Aliyun STS AssumeRole, signed with the server's RAM AccessKey (S3_ACCESS_KEY_ID/S3_SECRET_ACCESS_KEY). */
  | { kind: 'aliyun-sts'; roleArn: string; stsEndpoint: string; accessKeyId: string; accessKeySecret: string }
  /** Cloudflare's temp-access-credentials, derived from the R2 token whose key id is `parentAccessKeyId`. */
  | { kind: 'r2'; accountId: string; apiToken: string; apiEndpoint: string; parentAccessKeyId: string };

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
    defaultOrgId: e.DEFAULT_ORG_ID,
    // Demo data is on by default only in the embedded setup: a production database never gets it by accident.
    seed: e.SEED ?? e.DATABASE_URL === undefined,
    logLevel: e.LOG_LEVEL,
    webDist: path.resolve(e.WEB_DIST ?? path.join(repoRoot, 'apps/web/dist')),
    webSsr: path.resolve(e.WEB_SSR ?? path.join(repoRoot, 'apps/web/dist-server/server-render.js')),
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
    search: { concurrency: e.SEARCH_CONCURRENCY, queueMs: e.SEARCH_QUEUE_MS, timeoutMs: e.SEARCH_TIMEOUT_MS },
    timeouts: { apiBodyMs: e.API_BODY_TIMEOUT_MS, headersMs: e.HEADERS_TIMEOUT_MS, keepAliveMs: e.KEEP_ALIVE_TIMEOUT_MS, idleMs: e.IDLE_TIMEOUT_MS },
    publicUrl: e.PUBLIC_URL ? new URL(e.PUBLIC_URL).origin : undefined,
    trustProxy: e.TRUST_PROXY,
    storage: storageConfig(e),
    orphanGraceMs: e.STORAGE_ORPHAN_HOURS * 3600 * 1000,
    push:
      e.PUSH_WEBHOOK_URL && e.PUSH_WEBHOOK_SECRET
        ? { url: e.PUSH_WEBHOOK_URL, secret: e.PUSH_WEBHOOK_SECRET, retryBaseMs: e.PUSH_RETRY_BASE_MS, pollMs: e.PUSH_POLL_MS }
        : null,
    jobs: { inProcess: e.JOBS_IN_PROCESS, pollMs: e.JOBS_POLL_MS, superviseSeconds: e.JOBS_SUPERVISE_SECONDS },
    video: { ffmpegPath: e.FFMPEG_PATH, ffprobePath: e.FFPROBE_PATH, jobsAtOnce: e.VIDEO_JOBS_AT_ONCE },
  };
}

function rateLimits(text: string | undefined): AbusePolicies {
  const policies = parsePolicies(text);
  if (typeof policies === 'string') throw new Error(`Invalid configuration: RATE_LIMITS: ${policies}`);
  return policies;
}

function storageConfig(e: z.output<typeof envSchema>): StorageConfig {
  if (e.STORAGE === 'embedded') {
    const dataDir = path.resolve(e.DATA_DIR);
    return {
      kind: 'embedded',
      dir: path.join(dataDir, 'objects'),
      bucket: e.STORAGE_BUCKET,
      region: e.STORAGE_REGION,
      secret: e.STORAGE_SECRET,
      secretFile: path.join(dataDir, 'storage-secret'),
      publicUrl: e.STORAGE_PUBLIC_URL?.replace(/\/+$/, ''),
      credentialSeconds: e.STORAGE_CREDENTIAL_SECONDS,
      dailyUploadQuotaBytes: e.STORAGE_UPLOAD_QUOTA_MB === 0 ? null : e.STORAGE_UPLOAD_QUOTA_MB * 1024 * 1024,
    };
  }
  // R2 signs for the region `auto` and has one endpoint per account.
  const r2 = e.S3_CREDENTIALS === 'r2';
  const region = e.S3_REGION ?? (r2 ? 'auto' : undefined);
  const endpoint = e.S3_ENDPOINT ?? (r2 && e.R2_ACCOUNT_ID ? `https://${e.R2_ACCOUNT_ID}.r2.cloudflarestorage.com` : undefined);
  const bucket = e.S3_BUCKET;
  if (!region || !bucket) throw new Error(`Invalid configuration: STORAGE=s3 needs S3_REGION, S3_BUCKET${r2 ? '' : ' and S3_ROLE_ARN'}`);
  return {
    kind: 's3',
    endpoint: endpoint?.replace(/\/+$/, ''),
    region,
    bucket,
    accessKeyId: e.S3_ACCESS_KEY_ID,
    secretAccessKey: e.S3_SECRET_ACCESS_KEY,
    issuer: issuerConfig(e),
    pathStyle: e.S3_PATH_STYLE,
    publicUrl: e.S3_PUBLIC_URL?.replace(/\/+$/, ''),
    credentialSeconds: Math.max(900, e.STORAGE_CREDENTIAL_SECONDS),
  };
}

/** What each S3_CREDENTIALS needs beside region and bucket; refused with the names of what is missing. */
function issuerConfig(e: z.output<typeof envSchema>): CredentialIssuerConfig {
  const missing = (what: Record<string, string | undefined>, hint: string) =>
    new Error(`Invalid configuration: S3_CREDENTIALS=${e.S3_CREDENTIALS} needs ${Object.keys(what).filter((name) => !what[name]).join(', ')} (${hint})`);
  switch (e.S3_CREDENTIALS) {
    case 'aws-sts':
      if (!e.S3_ROLE_ARN) throw new Error('Invalid configuration: STORAGE=s3 needs S3_REGION, S3_BUCKET and S3_ROLE_ARN');
      return { kind: 'aws-sts', roleArn: e.S3_ROLE_ARN, stsEndpoint: e.S3_STS_ENDPOINT };
    case 'aliyun-sts': {
      const { S3_ROLE_ARN: roleArn, S3_ACCESS_KEY_ID: accessKeyId, S3_SECRET_ACCESS_KEY: accessKeySecret } = e;
      if (!roleArn || !accessKeyId || !accessKeySecret) {
        throw missing({ S3_ROLE_ARN: roleArn, S3_ACCESS_KEY_ID: accessKeyId, S3_SECRET_ACCESS_KEY: accessKeySecret }, "the uploader role and the RAM user's AccessKey that may assume it");
      }
      if (!roleArn.startsWith('acs:ram::')) throw new Error('Invalid configuration: S3_ROLE_ARN: a RAM role ARN (acs:ram::<account id>:role/<name>)');
      return { kind: 'aliyun-sts', roleArn, stsEndpoint: e.ALIYUN_STS_ENDPOINT.replace(/\/+$/, ''), accessKeyId, accessKeySecret };
    }
    case 'r2': {
      const { R2_ACCOUNT_ID: accountId, R2_API_TOKEN: apiToken, S3_ACCESS_KEY_ID: parentAccessKeyId, S3_SECRET_ACCESS_KEY: secret, S3_PUBLIC_URL: publicUrl } = e;
      // R2 serves nothing publicly from its S3 endpoint: reads need the bucket's public domain.
      if (!accountId || !apiToken || !parentAccessKeyId || !secret || !publicUrl) {
        throw missing(
          { R2_ACCOUNT_ID: accountId, R2_API_TOKEN: apiToken, S3_ACCESS_KEY_ID: parentAccessKeyId, S3_SECRET_ACCESS_KEY: secret, S3_PUBLIC_URL: publicUrl },
          "the account, an API token that may create temporary credentials, the R2 token's S3 keys, and the bucket's public domain",
        );
      }
      return { kind: 'r2', accountId, apiToken, apiEndpoint: e.R2_API_ENDPOINT.replace(/\/+$/, ''), parentAccessKeyId };
    }
  }
}
