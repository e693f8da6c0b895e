import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDb } from '#server/db/client.ts';
import { migrate } from '#server/db/migrate.ts';
import { AccountsRepo } from '#server/modules/accounts/repo.ts';
import { hashPassword } from '#server/modules/accounts/passwords.ts';
import { OrganisationsRepo } from '#server/modules/organisations/repo.ts';
import { seedOrganisations } from '#server/seed/organisations.ts';
import { ORG } from './helper.ts';
import { type ServerProcess, startServer } from './server-process.ts';

/*
 * README.md, "Login limits": a burst of parallel guesses verifies at most the limit's number of
 * passwords, however many server processes share the database. Two real servers (separate OS
 * processes, as behind a load balancer) on one PostgreSQL database take a burst of 100 guesses
 * between them; the right password comes 98th and must be refused.
 */

const LIMIT = 10;
const PASSWORD = 'correct horse battery';

describe.runIf(Boolean(process.env.TEST_DATABASE_URL))('a login burst across two server processes on one PostgreSQL', () => {
  const dirs: string[] = [];
  const servers: ServerProcess[] = [];
  const name = `padhub_race_${randomBytes(6).toString('hex')}`;
  const adminUrl = process.env.TEST_DATABASE_URL ?? '';
  // Read only when the suite runs: vitest collects a skipped describe's body too.
  const databaseUrl = () => Object.assign(new URL(adminUrl), { pathname: `/${name}` }).toString();

  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    const admin = await openDb({ url: adminUrl, poolSize: 1 });
    await admin.exec(`drop database if exists ${name} with (force)`);
    await admin.close();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('verifies at most the limit: the right password, 98th of 100, is refused', async () => {
    const admin = await openDb({ url: adminUrl, poolSize: 1 });
    await admin.exec(`create database ${name}`);
    await admin.close();
    const db = await openDb({ url: databaseUrl(), poolSize: 1 });
    await migrate(db);
    for (const org of seedOrganisations(ORG)) await new OrganisationsRepo(db).insert(org);
    await new AccountsRepo(db).insertUser({ orgId: ORG, username: 'target', nickname: 'target', passwordHash: await hashPassword(PASSWORD) });
    await db.close();

    for (let i = 0; i < 2; i++) {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'padhub-race-'));
      dirs.push(dataDir);
      servers.push(
        await startServer({ DATABASE_URL: databaseUrl(), DATA_DIR: dataDir, SEED: '0', LOGIN_LIMIT_PER_ACCOUNT: String(LIMIT), LOGIN_LIMIT_PER_IP: '100000' }),
      );
    }

    const statuses = await Promise.all(
      Array.from({ length: 100 }, async (_, i) => {
        const res = await fetch(`${servers[i % 2]!.origin}/api/auth/login`, {
          method: 'POST',
          headers: { accorgid: ORG, 'content-type': 'application/json' },
          body: JSON.stringify({ username: 'target', password: i === 97 ? PASSWORD : `wrong guess ${i}` }),
        });
        return res.status;
      }),
    );
    const verified = statuses.filter((status) => status !== 429);
    expect(verified.length, servers.map((s) => s.output()).join('\n')).toBeLessThanOrEqual(LIMIT);
    expect(verified.every((status) => status === 401)).toBe(true);
    expect(statuses[97]).toBe(429);
  }, 120_000);
});
