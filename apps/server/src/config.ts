import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_ORG_ID } from '@padhub/contracts';

const flag = z
  .enum(['1', '0', 'true', 'false', 'on', 'off', 'yes', 'no'])
  .transform((v) => ['1', 'true', 'on', 'yes'].includes(v));

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('127.0.0.1'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  DEFAULT_ORG_ID: z.string().min(1).default(DEFAULT_ORG_ID),
  SEED: flag.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  LOGIN_LIMIT_PER_IP: z.coerce.number().int().positive().default(60),
  LOGIN_LIMIT_PER_ACCOUNT: z.coerce.number().int().positive().default(10),
  REGISTER_LIMIT_PER_IP: z.coerce.number().int().positive().default(20),
  TRUST_PROXY: flag.default(false),
  SHUTDOWN_GRACE_MS: z.coerce.number().int().positive().default(10_000),
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
  limits: {
    loginPerIp: number;
    loginPerAccount: number;
    registerPerIp: number;
  };
  shutdownGraceMs: number;
  /** Behind a load balancer: take the client address from X-Forwarded-For (rate limits count it). */
  trustProxy: boolean;
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
    defaultOrgId: e.DEFAULT_ORG_ID,
    // Demo data is on by default only in the embedded setup: a production database never gets it by accident.
    seed: e.SEED ?? e.DATABASE_URL === undefined,
    logLevel: e.LOG_LEVEL,
    webDist: path.resolve(e.WEB_DIST ?? path.join(repoRoot, 'apps/web/dist')),
    limits: {
      loginPerIp: e.LOGIN_LIMIT_PER_IP,
      loginPerAccount: e.LOGIN_LIMIT_PER_ACCOUNT,
      registerPerIp: e.REGISTER_LIMIT_PER_IP,
    },
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
    trustProxy: e.TRUST_PROXY,
  };
}
