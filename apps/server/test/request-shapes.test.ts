import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, openDb } from '#server/db/client.ts';
import { migrate } from '#server/db/migrate.ts';
import { hashPassword } from '#server/modules/accounts/passwords.ts';
import { AccountsRepo } from '#server/modules/accounts/repo.ts';
import { OrganisationsRepo } from '#server/modules/organisations/repo.ts';
import { seedOrganisations } from '#server/seed/organisations.ts';
import { ORG } from './helper.ts';
import { type Exchange, type Shape, requestShapes, sendShape } from './request-shapes.ts';
import { type ServerProcess, startServer } from './server-process.ts';

/*
 * No request, however malformed, may end the server (docs/deploy.md, "When a process dies"). The
 * real server runs in its own process (so that an exit is seen) with short timeouts, on PGlite or,
 * with TEST_DATABASE_URL, on PostgreSQL. Every route of the OpenAPI document, the landing pages and
 * the embedded store get every body shape of request-shapes.ts over real sockets, many at once;
 * then the test waits past every timeout and checks that the process is still there, answers its
 * health, and logged no uncaught error and no failure of its own.
 */

const BODY_TIMEOUT_MS = 300;
const env = {
  API_BODY_TIMEOUT_MS: String(BODY_TIMEOUT_MS),
  KEEP_ALIVE_TIMEOUT_MS: '500',
  HEADERS_TIMEOUT_MS: '1000',
  IDLE_TIMEOUT_MS: '2500',
  LOG_LEVEL: 'warn',
};
/** Longer than every timeout above, with room for a busy machine. */
const PASSWORD = 'correct horse battery';
/** Routes whose success ends the asker's session or sessions. */
const ENDS_SESSIONS = /^(POST \/api\/auth\/logout|DELETE \/api\/me$|DELETE \/api\/me\/sessions|POST \/api\/me\/password)/;
const PAST_EVERY_TIMEOUT_MS = 3000;
const PARALLEL = 32;

const dataDir = mkdtempSync(path.join(tmpdir(), 'padhub-shapes-'));
const adminUrl = process.env.TEST_DATABASE_URL;
const dbName = `padhub_shapes_${randomBytes(6).toString('hex')}`;
const databaseUrl = adminUrl ? Object.assign(new URL(adminUrl), { pathname: `/${dbName}` }).toString() : undefined;

async function prepare(): Promise<void> {
  let db: Db;
  if (adminUrl && databaseUrl) {
    const admin = await openDb({ url: adminUrl, poolSize: 1 });
    await admin.exec(`create database ${dbName}`);
    await admin.close();
    db = await openDb({ url: databaseUrl, poolSize: 1 });
  } else {
    db = await openDb({ dir: path.join(dataDir, 'db') });
  }
  await migrate(db);
  for (const org of seedOrganisations(ORG)) await new OrganisationsRepo(db).insert(org);
  const passwordHash = await hashPassword(PASSWORD);
  // An admin: the console's routes read their bodies only for staff.
  await new AccountsRepo(db).insertUser({ orgId: ORG, username: 'shapes', nickname: 'shapes', role: 'admin', passwordHash });
  // Someone else for the routes that end sessions (a body they ignore still logs out).
  await new AccountsRepo(db).insertUser({ orgId: ORG, username: 'leaver', nickname: 'leaver', passwordHash });
  await db.close();
}

let server: ServerProcess;
let port = 0;

beforeAll(async () => {
  await prepare();
  server = await startServer({ ...env, DATA_DIR: dataDir, SEED: '0', ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) });
  port = Number(new URL(server.origin).port);
}, 120_000);

afterAll(async () => {
  await server?.stop();
  if (adminUrl) {
    const admin = await openDb({ url: adminUrl, poolSize: 1 });
    await admin.exec(`drop database if exists ${dbName} with (force)`);
    await admin.close();
  }
  rmSync(dataDir, { recursive: true, force: true });
});

/** Runs `jobs` with at most `n` at once. */
async function inParallel<T>(jobs: (() => Promise<T>)[], n: number): Promise<T[]> {
  const results: T[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: n }, async () => {
      while (next < jobs.length) {
        const i = next++;
        results[i] = await jobs[i]!();
      }
    }),
  );
  return results;
}

describe('request shapes against every route of a running server', () => {
  it('leave the process running, healthy and without an uncaught error', { timeout: 240_000 }, async () => {
    const docs = (await (await fetch(`${server.origin}/api/docs/json`)).json()) as { paths: Record<string, Record<string, unknown>> };
    const login = async (username: string) => {
      const res = await fetch(`${server.origin}/api/auth/login`, {
        method: 'POST',
        headers: { accorgid: ORG, 'content-type': 'application/json' },
        body: JSON.stringify({ username, password: PASSWORD }),
      });
      return ((await res.json()) as { data: { token: string } }).data.token;
    };
    const admin = await login('shapes');
    const leaver = await login('leaver');
    const routes = Object.entries(docs.paths).flatMap(([route, methods]) =>
      Object.keys(methods).map((method) => ({ method: method.toUpperCase(), url: route.replace(/\{[^}]+\}/g, '1') })),
    );
    expect(routes.length).toBeGreaterThan(100);
    // Outside the OpenAPI document: the landing pages (drawn or not, their HTML asks the API itself) and the store's uploads.
    routes.push({ method: 'GET', url: '/app/community/index' }, { method: 'GET', url: '/app/community/detail?id=1' }, { method: 'PUT', url: '/storage/padhub/u/1/x.jpg' });

    const jobs: (() => Promise<{ route: string; shape: Shape; exchange: Exchange }>)[] = [];
    for (const route of routes) {
      for (const shape of requestShapes(route.method)) {
        const name = `${route.method} ${route.url}`;
        const token = ENDS_SESSIONS.test(name) ? leaver : admin;
        jobs.push(async () => ({ route: name, shape, exchange: await sendShape(port, { ...route, headers: { accorgid: ORG, token, 'accept-language': 'en' } }, shape) }));
      }
    }
    const results = await inParallel(jobs, PARALLEL);
    await new Promise((resolve) => setTimeout(resolve, PAST_EVERY_TIMEOUT_MS));

    expect(server.exitCode(), server.output().slice(-4000)).toBeNull();
    const health = await fetch(`${server.origin}/api/health`);
    expect(health.status).toBe(200);
    // The server's own failures: an uncaught error, anything logged at error level or above, a 5xx.
    const log = server.output();
    expect(log).not.toMatch(/uncaught|unhandled/i);
    expect(log.split('\n').filter((line) => /"level":(50|60)/.test(line))).toEqual([]);
    const failed = results.filter((r) => r.exchange.status >= 500).map((r) => `${r.route} ${r.shape.name}: ${r.exchange.status}`);
    expect(failed).toEqual([]);
    // The shapes were answered, not only dropped: each body that never ends met the body timer.
    const cut = results.filter((r) => r.shape.name === 'never finished' && r.route.startsWith('POST /api/'));
    expect(cut.length).toBeGreaterThan(20);
    expect(cut.filter((r) => r.exchange.status !== 408 && r.exchange.status !== 413 && r.exchange.status !== 415).map((r) => `${r.route}: ${r.exchange.status}`)).toEqual([]);
    console.warn(`request shapes: ${results.length} requests over ${routes.length} routes`);
  });
});
