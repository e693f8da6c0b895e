import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { openDb } from '../apps/server/src/db/client.ts';

/** Named anew when bench/seed-scale.ts changes what it seeds, so that no bench reuses an older seed. */
const SCALE_DATABASE = 'padhub_bench_scale_text';

/**
 * DATABASE_URL, or the benches' own database on the machine's PostgreSQL (scripts/ensure-postgres.sh),
 * created when missing: bench/search.ts and bench/feed.ts seed it once (bench/seed-scale.ts) and share it.
 */
export async function scaleDatabaseUrl(): Promise<string> {
  if (process.env.DATABASE_URL) return process.env.DATABASE_URL;
  const server = execFileSync('bash', [path.join(import.meta.dirname, '../scripts/ensure-postgres.sh')], { encoding: 'utf8' }).trim();
  const admin = await openDb({ url: server });
  try {
    const [found] = await admin.query('select 1 from pg_database where datname = $1', [SCALE_DATABASE]);
    if (!found) await admin.exec(`create database ${SCALE_DATABASE}`);
  } finally {
    await admin.close();
  }
  return server.replace(/\/[^/]*$/, `/${SCALE_DATABASE}`);
}
