import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import type { QueryResult } from 'pg';
import path from 'node:path';
import { dbPoolTimeouts } from '#server/telemetry/metrics.ts';
import { observed } from '#server/telemetry/statements.ts';
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
  /** In-memory PGlite only: a dump of a database (`PGlite.dumpDataDir`, a tar file) to start from. */
  from?: string;
  poolSize?: number;
  /** PostgreSQL: where LISTEN connects (a session connection, never pgbouncer's transaction mode); `url` when unset. */
  listenUrl?: string;
  /** How long a statement waits for a connection of a full pool before it is refused (PostgreSQL); 0: forever. */
  poolTimeoutMs?: number;
  /** PostgreSQL: transactions asking for it send named prepared statements (TxOptions); off behind pgbouncer before 1.21. */
  prepared?: boolean;
}

export async function openDb(options: DbOptions): Promise<Db> {
  return options.url
    ? openPostgres(options.url, options.poolSize ?? 10, options.poolTimeoutMs ?? 0, options.listenUrl ?? options.url, options.prepared ?? true)
    : openPglite(options.dir, options.from);
}

/** PGlite runs on a worker thread (`pglite-thread.ts`), so a busy database never stalls the server's own thread. */
async function openPglite(dir: string | undefined, from: string | undefined): Promise<Db> {
  // PGlite does not create missing parents of its data directory.
  if (dir) mkdirSync(path.dirname(path.resolve(dir)), { recursive: true });
  const unlock = dir ? await lockDir(`${path.resolve(dir)}.lock`) : async () => undefined;
  const pg = await startPgliteThread(dir && path.resolve(dir), from).catch(async (error: unknown) => {
    await unlock();
    throw error;
  });
  return {
    kind: 'pglite',
    query: (sql, params) => observed('pglite', sql, () => pg.query(sql, params)),
    exec: (sql) => pg.exec(sql),
    tx: (fn) => pg.tx((q) => fn({ query: (sql, params) => observed('pglite', sql, () => q.query(sql, params)) })),
    pool: () => pg.load(),
    script: (sql) => pg.script(sql),
    listen: (channel, onPayload) => pg.listen(channel, onPayload),
    close: once(async () => {
      await pg.close();
      await unlock();
    }),
  };
}

async function openPostgres(url: string, max: number, timeoutMs: number, listenUrl: string, prepared: boolean): Promise<Db> {
  const { default: pg } = await import('pg');
  const pool = new pg.Pool({ connectionString: url, max, connectionTimeoutMillis: timeoutMs });
  // An idle client that loses its server must not crash the process; the next query reconnects.
  pool.on('error', () => undefined);
  await pool.query('select 1');
  // A statement that found no free connection in time: counted, and answered 503 (a full pool is
  // the server's trouble, not the request's), so that the balancer may try another process.
  const unavailable = (error: unknown): never => {
    if (error instanceof Error && /timeout exceeded when trying to connect/i.test(error.message)) {
      dbPoolTimeouts.inc();
      throw Object.assign(error, { statusCode: 503 });
    }
    throw error;
  };
  return {
    kind: 'postgres',
    async query<T>(sql: string, params?: unknown[]) {
      return (await observed('postgres', sql, () => pool.query(sql, params)).catch(unavailable)).rows as T[];
    },
    async exec(sql) {
      await pool.query(sql);
    },
    pool: () => ({ size: max, inUse: pool.totalCount - pool.idleCount, waiting: pool.waitingCount }),
    async script(sql) {
      // On an error the pool destroys the connection, so an aborted `BEGIN` block goes with it.
      return rowsOf(await pool.query(sql));
    },
    async tx(fn, options) {
      const client = await pool.connect().catch(unavailable);
      const named = prepared && options?.prepared === true;
      // BEGIN goes with the transaction's first statement when that one has no parameters (one
      // message of the simple protocol): a round trip less. Each is a wake-up of the backend, and
      // on busy cores a wait for it to be scheduled; a search made eight to ten, one after the
      // other (docs/search.md, "Eighth round"). Nothing is begun before a statement asks, so
      // this changes no snapshot.
      let begun = false;
      const begin = options?.readOnly === true ? 'begin read only' : 'begin';
      try {
        const result = await fn({
          query: async <T>(sql: string, params?: unknown[]) => {
            const simple = params === undefined || params.length === 0;
            let text = sql;
            if (!begun && simple) text = `${begin}; ${sql}`;
            else if (!begun) await client.query(begin);
            begun = true;
            if (simple) return rowsOf(await observed('postgres', sql, () => client.query(text))) as T[];
            const name = named ? statementName(sql) : undefined;
            return (await observed('postgres', sql, () => client.query({ text: sql, values: params, ...(name === undefined ? {} : { name }) }))).rows as T[];
          },
        });
        // A transaction that wrote nothing has nothing for COMMIT to fail on: its answer need not
        // wait for it. node-postgres runs a connection's statements in turn, so whoever takes the
        // connection next runs theirs after it (docs/search.md, "Eighth round").
        if (begun && options?.readOnly === true) void client.query('commit').catch(() => undefined);
        else if (begun) await client.query('commit');
        return result;
      } catch (error) {
        if (begun) await client.query('rollback').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    listen: (channel, onPayload, onReconnect) => listenPostgres(pg, listenUrl, channel, onPayload, onReconnect),
    close: once(() => pool.end()),
  };
}

/** Without parameters node-postgres speaks the simple protocol: one result per statement, their rows in order. */
function rowsOf(results: QueryResult | QueryResult[]): Record<string, unknown>[] {
  return [results].flat().flatMap((r) => r.rows as Record<string, unknown>[]);
}

const statementNames = new Map<string, string>();
/** Beyond this many distinct statements, the rest go unnamed: each name holds a plan on every connection. */
const MOST_NAMED = 500;

/**
 * The name of a statement's text, the same on every connection: node-postgres parses a named
 * statement on a connection once and then only binds it, and PostgreSQL keeps its plan (a search
 * statement's planning was 0.6 of its 3.3 ms, docs/search.md, "Prepared statements").
 */
function statementName(sql: string): string | undefined {
  let name = statementNames.get(sql);
  if (name === undefined && statementNames.size < MOST_NAMED) statementNames.set(sql, (name = `s_${createHash('sha1').update(sql).digest('hex').slice(0, 24)}`));
  return name;
}

/** Closing twice (a test that closed its database early, then the app's own onClose) is harmless. */
function once(close: () => Promise<void>): () => Promise<void> {
  let closing: Promise<void> | undefined;
  return () => (closing ??= close());
}
