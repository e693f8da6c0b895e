import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { TestProject } from 'vitest/node';
import type { Db } from '#server/db/client.ts';
import { migrate } from '#server/db/migrate.ts';

/**
 * Vitest's global setup for the server tests: PGlite's start is mostly initdb (about 2.5 s of a test
 * file's 3 s), and every file then ran the same migrations. One migrated database is dumped once, and
 * each file's in-memory database loads it (`DbOptions.from`) in about 0.4 s. On PostgreSQL
 * (TEST_DATABASE_URL) each file still creates its own database and migrates it.
 */
export default async function setup(project: TestProject): Promise<(() => void) | undefined> {
  if (process.env.TEST_DATABASE_URL) {
    project.provide('pgliteTemplate', undefined);
    return undefined;
  }
  const pg = await PGlite.create({ extensions: { pg_trgm } });
  await migrate(mainThreadDb(pg));
  const dir = mkdtempSync(path.join(tmpdir(), 'padhub-template-'));
  const file = path.join(dir, 'migrated.tar');
  writeFileSync(file, Buffer.from(await (await pg.dumpDataDir('none')).arrayBuffer()));
  await pg.close();
  project.provide('pgliteTemplate', file);
  return () => rmSync(dir, { recursive: true, force: true });
}

/** Just what `migrate` uses (kind and one transaction), on PGlite in this thread. */
function mainThreadDb(pg: PGlite): Db {
  const unused = () => Promise.reject(new Error('not available while building the template'));
  return {
    kind: 'pglite',
    query: async (sql, params) => (await pg.query(sql, params)).rows as never,
    tx: (fn) => pg.transaction((t) => fn({ query: async (sql, params) => (await t.query(sql, params)).rows as never })),
    exec: unused,
    script: unused,
    listen: unused,
    close: () => pg.close(),
    pool: () => ({ size: 1, inUse: 0, waiting: 0 }),
  };
}
