import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, inject } from 'vitest';
import { buildApp, type Padhub } from '#server/app.ts';
import { loadConfig, type Env } from '#server/config.ts';
import { type Db, openDb } from '#server/db/client.ts';
import { OrganisationsRepo } from '#server/modules/organisations/repo.ts';
import { seedOrganisations } from '#server/seed/organisations.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A dump (test/pglite-template.ts) of an empty, migrated PGlite database that each test file's database starts from. */
    pgliteTemplate: string | undefined;
  }
}

export const ORG = 'padhub';
export const OTHER_ORG = 'padhub-other';

/**
 * The database of one test file: in-memory PGlite by default, started from the migrated template
 * (`pglite-template.ts`); with TEST_DATABASE_URL a fresh PostgreSQL database created for the file
 * and dropped after it, so the same suite runs on both.
 */
export async function testDb(): Promise<Db> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) return pgliteDb();
  const name = `padhub_test_${randomBytes(6).toString('hex')}`;
  const admin = await openDb({ url: adminUrl, poolSize: 1 });
  await admin.exec(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const db = await openDb({ url: url.toString(), poolSize: 5 });
  let closed: Promise<void> | undefined;
  const dropDatabase = async () => {
    await db.close();
    await admin.exec(`drop database if exists ${name} with (force)`);
    await admin.close();
  };
  return { ...db, close: () => (closed ??= dropDatabase()) };
}

/** In-memory PGlite started from the migrated template, whatever TEST_DATABASE_URL says (tests of one process on the embedded database). */
export function pgliteDb(): Promise<Db> {
  return openDb({ from: inject('pgliteTemplate') });
}

export interface TestApp extends Padhub {
  inject: FastifyInstance['inject'];
}

/** Builds Padhub on a fresh database with the two organisations and no demo data; closes it after the file. */
export async function buildTestApp(env: Env = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'padhub-test-'));
  // The shared first feed page (http/shared-answers.ts) is off unless a test asks for it: tests change
  // content and read the anonymous feed back at once, and a shared page may be a second old.
  // No worker unless a test asks for one (JOBS_IN_PROCESS=1): starting pg-boss costs every test file a schema.
  const config = loadConfig({ SEED: '0', LOG_LEVEL: 'silent', DATA_DIR: dataDir, FEED_CACHE_MS: '0', JOBS_IN_PROCESS: '0', ...env });
  const padhub = await buildApp(config, { db: await testDb() });
  const orgs = new OrganisationsRepo(padhub.db);
  for (const org of seedOrganisations(ORG)) await orgs.insert(org);
  afterAll(async () => {
    await padhub.app.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
  return { ...padhub, inject: padhub.app.inject.bind(padhub.app) };
}

export interface Actor {
  token: string;
  id: string;
  username: string;
  org: string;
  headers: Record<string, string>;
}

let counter = 0;

/** Registers a new account and answers what a client needs to act as it. */
export async function registerUser(app: TestApp, options: { org?: string; username?: string } = {}): Promise<Actor> {
  const org = options.org ?? ORG;
  const username = options.username ?? `user${process.pid}x${++counter}`;
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/register',
    headers: { accorgid: org },
    payload: { username, password: 'correct horse battery' },
  });
  const body = res.json();
  if (res.statusCode !== 200) throw new Error(`register failed: ${res.body}`);
  return { token: body.data.token, id: body.data.user.id, username, org, headers: { accorgid: org, token: body.data.token } };
}

/** The body of an answer, checked against the envelope's success rule. */
export function data<T = any>(res: LightMyRequestResponse): T {
  const body = res.json();
  if (res.statusCode !== 200 || body.code !== 0) throw new Error(`expected success, got ${res.statusCode}: ${res.body}`);
  return body.data as T;
}

/**
 * Waits, when needed, until a fixed window of `windowSeconds` (lib/rate-limit.ts counts in windows
 * aligned to the clock) has at least `neededMs` left, so that a test filling a limit never sees it
 * reset half-way: the login limits' 15-minute window once turned over inside a test at 11:45:00.
 */
export async function awayFromWindowEdge(windowSeconds: number, neededMs = 30_000): Promise<void> {
  const left = windowSeconds * 1000 - (Date.now() % (windowSeconds * 1000));
  if (left < neededMs) await new Promise((resolve) => setTimeout(resolve, left + 50));
}
