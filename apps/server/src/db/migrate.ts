import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Db } from './client.ts';

const migrationsDir = path.join(import.meta.dirname, 'migrations');
// Any constant works; it only has to be the same for every Padhub process sharing a database.
const MIGRATION_LOCK = 7_214_554_001;

/**
 * Applies the numbered SQL files in migrations/ that the database has not seen, each in its own
 * transaction, in order. The same files serve PGlite and PostgreSQL 15, so they stay in PG 15 SQL.
 */
export async function migrate(db: Db): Promise<string[]> {
  const files = readdirSync(migrationsDir)
    .filter((f) => /^\d{3}-[\w-]+\.sql$/.test(f))
    .sort();
  const applied: string[] = [];
  // Several processes may start at once against one PostgreSQL; the advisory lock lets one migrate.
  return db.tx(async (q) => {
    if (db.kind === 'postgres') await q.query('select pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await q.query(`create table if not exists schema_migrations (
      version text primary key, applied_at timestamptz not null default now())`);
    const done = new Set((await q.query<{ version: string }>('select version from schema_migrations')).map((r) => r.version));
    for (const file of files) {
      if (done.has(file)) continue;
      const sql = readFileSync(path.join(migrationsDir, file), 'utf8');
      for (const statement of splitStatements(sql)) await q.query(statement);
      await q.query('insert into schema_migrations (version) values ($1)', [file]);
      applied.push(file);
    }
    return applied;
  });
}

/**
 * Splits a migration file into statements at semicolons that end a line, outside dollar-quoted
 * bodies, so each runs through the same extended-protocol query call on both engines.
 */
export function splitStatements(sql: string): string[] {
  const statements: string[] = [];
  let current = '';
  let inDollar = false;
  for (const line of sql.split('\n')) {
    if (/^\s*--/.test(line) && !inDollar) continue;
    current += `${line}\n`;
    const dollars = line.match(/\$\$/g)?.length ?? 0;
    if (dollars % 2 === 1) inDollar = !inDollar;
    if (!inDollar && /;\s*$/.test(line)) {
      statements.push(current.trim().replace(/;$/, ''));
      current = '';
    }
  }
  if (current.trim()) statements.push(current.trim());
  return statements;
}
