import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { lockDir } from './dir-lock.ts';
import { listenPostgres } from './listen.ts';
import { startPgliteThread } from './pglite-thread.ts';
import type { Db } from './queryable.ts';

export type { Db, Queryable } from './queryable.ts';

export interface DbOptions {
  /** PostgreSQL connection string; without it PGlite runs embedded. */
  url?: string;
  /** PGlite data directory; without it PGlite keeps everything in memory (tests). */
  dir?: string;
  poolSize?: number;
  /** PostgreSQL: where LISTEN connects (a session connection, never pgbouncer's transaction mode); `url` when unset. */
  listenUrl?: string;
}

export async function openDb(options: DbOptions): Promise<Db> {
  return options.url ? openPostgres(options.url, options.poolSize ?? 10, options.listenUrl ?? options.url) : openPglite(options.dir);
}

/** PGlite runs on a worker thread (`pglite-thread.ts`), so a busy database never stalls the server's own thread. */
async function openPglite(dir: string | undefined): Promise<Db> {
  // PGlite does not create missing parents of its data directory.
  if (dir) mkdirSync(path.dirname(path.resolve(dir)), { recursive: true });
  const unlock = dir ? await lockDir(`${path.resolve(dir)}.lock`) : async () => undefined;
  const pg = await startPgliteThread(dir && path.resolve(dir)).catch(async (error: unknown) => {
    await unlock();
    throw error;
  });
  return {
    kind: 'pglite',
    query: (sql, params) => pg.query(sql, params),
    exec: (sql) => pg.exec(sql),
    tx: (fn) => pg.tx(fn),
    listen: (channel, onPayload) => pg.listen(channel, onPayload),
    close: once(async () => {
      await pg.close();
      await unlock();
    }),
  };
}

async function openPostgres(url: string, max: number, listenUrl: string): Promise<Db> {
  const { default: pg } = await import('pg');
  const pool = new pg.Pool({ connectionString: url, max });
  // An idle client that loses its server must not crash the process; the next query reconnects.
  pool.on('error', () => undefined);
  await pool.query('select 1');
  return {
    kind: 'postgres',
    async query<T>(sql: string, params?: unknown[]) {
      return (await pool.query(sql, params)).rows as T[];
    },
    async exec(sql) {
      await pool.query(sql);
    },
    async tx(fn) {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const result = await fn({ query: async <T>(sql: string, params?: unknown[]) => (await client.query(sql, params)).rows as T[] });
        await client.query('commit');
        return result;
      } catch (error) {
        await client.query('rollback').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    listen: (channel, onPayload, onReconnect) => listenPostgres(pg, listenUrl, channel, onPayload, onReconnect),
    close: once(() => pool.end()),
  };
}

/** Closing twice (a test that closed its database early, then the app's own onClose) is harmless. */
function once(close: () => Promise<void>): () => Promise<void> {
  let closing: Promise<void> | undefined;
  return () => (closing ??= close());
}
