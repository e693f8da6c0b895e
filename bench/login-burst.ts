/**
 * The outside probe's login burst (README.md, "Login limits"): N guesses at one account fired all
 * at once, spread over one or more server processes, with the right password near the end. Every
 * guess not refused with 429 had its password verified; the budget is the account's login limit,
 * and the right password must be refused once the limit is spent. Exits 1 over budget.
 *
 *   node --import tsx bench/login-burst.ts
 *     starts its own server (PGlite), or two on a fresh database when DATABASE_URL is set;
 *   BENCH_URLS=http://127.0.0.1:8080,http://127.0.0.1:8081 node --import tsx bench/login-burst.ts
 *     fires at running servers (organisation BENCH_ORG, default padhub; BENCH_LIMIT: their
 *     LOGIN_LIMIT_PER_ACCOUNT, default 10). BENCH_GUESSES sets N (default 40).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type DbOptions, openDb } from '../apps/server/src/db/client.ts';
import { migrate } from '../apps/server/src/db/migrate.ts';
import { OrganisationsRepo } from '../apps/server/src/modules/organisations/repo.ts';
import { seedOrganisations } from '../apps/server/src/seed/organisations.ts';
import { type ServerProcess, startServer } from '../apps/server/test/server-process.ts';

const GUESSES = Number(process.env.BENCH_GUESSES ?? 40);
const LIMIT = Number(process.env.BENCH_LIMIT ?? 10);
const ORG = process.env.BENCH_ORG ?? 'padhub';
const PASSWORD = 'the right password';

const started: ServerProcess[] = [];
const cleanups: (() => Promise<void>)[] = [];

/** A fresh database holding the organisations and nothing else. */
async function prepare(options: DbOptions) {
  const db = await openDb(options);
  await migrate(db);
  for (const org of seedOrganisations(ORG)) await new OrganisationsRepo(db).insert(org);
  await db.close();
}

/** Servers of the bench's own: one on PGlite, or two sharing a fresh PostgreSQL database. */
async function startOwn(): Promise<string[]> {
  const env = { SEED: '0', LOGIN_LIMIT_PER_ACCOUNT: String(LIMIT), LOGIN_LIMIT_PER_IP: '100000', REGISTER_LIMIT_PER_IP: '100000' };
  const dirs = [0, 1].map(() => mkdtempSync(path.join(tmpdir(), 'padhub-bench-login-')));
  cleanups.push(async () => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    await prepare({ dir: path.join(dirs[0]!, 'db') });
    started.push(await startServer({ ...env, DATA_DIR: dirs[0]! }));
  } else {
    const name = `padhub_bench_${randomBytes(6).toString('hex')}`;
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const admin = await openDb({ url: adminUrl, poolSize: 1 });
    await admin.exec(`create database ${name}`);
    cleanups.push(async () => {
      await admin.exec(`drop database if exists ${name} with (force)`);
      await admin.close();
    });
    await prepare({ url: url.toString(), poolSize: 1 });
    for (const dir of dirs) started.push(await startServer({ ...env, DATA_DIR: dir, DATABASE_URL: url.toString() }));
  }
  return started.map((server) => server.origin);
}

async function post(origin: string, url: string, body: unknown): Promise<number> {
  const res = await fetch(`${origin}${url}`, { method: 'POST', headers: { accorgid: ORG, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  await res.arrayBuffer();
  return res.status;
}

try {
  const origins = process.env.BENCH_URLS?.split(',').map((o) => o.trim().replace(/\/+$/, '')) ?? (await startOwn());
  const username = `burst${randomBytes(4).toString('hex')}`;
  const registered = await post(origins[0]!, '/api/auth/register', { username, password: PASSWORD });
  if (registered !== 200) throw new Error(`registering ${username} answered HTTP ${registered}`);

  const rightAt = Math.max(0, GUESSES - 3);
  const statuses = await Promise.all(
    Array.from({ length: GUESSES }, (_, i) =>
      post(origins[i % origins.length]!, '/api/auth/login', { username, password: i === rightAt ? PASSWORD : `wrong guess ${i}` }),
    ),
  );
  const verified = statuses.filter((status) => status !== 429).length;
  const rightGotIn = statuses[rightAt] === 200;
  const pass = verified <= LIMIT && (GUESSES <= LIMIT || !rightGotIn);
  console.log(`${GUESSES} parallel guesses over ${origins.length} process(es): ${verified} passwords verified (budget: the limit, ${LIMIT}); ${statuses.length - verified} refused with 429`);
  console.log(`the right password, guess ${rightAt + 1} of ${GUESSES}: HTTP ${statuses[rightAt]} (${rightGotIn ? 'logged in' : 'refused'})`);
  console.log(pass ? 'login burst: within budget' : 'login burst: OVER BUDGET');
  process.exitCode = pass ? 0 : 1;
} finally {
  await Promise.all(started.map((server) => server.stop()));
  for (const cleanup of cleanups) await cleanup();
}
