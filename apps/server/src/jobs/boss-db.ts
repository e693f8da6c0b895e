import type { Db as IDatabase } from 'pg-boss';
import type { Db, Queryable } from '#server/db/client.ts';

/**
 * pg-boss's database interface over ours, so the queue runs wherever Padhub's database does: PGlite
 * on its thread and PostgreSQL through the server's pool (behind pgbouncer's transaction pooling
 * too: every call is one statement, or one parameterless block that holds its own BEGIN … COMMIT).
 * A statement with parameters is one query; one without may be several (pg-boss's schema and its
 * locked blocks), which `script` runs as a unit.
 */
export function bossDb(db: Db): IDatabase {
  return {
    async executeSql(text: string, values?: unknown[]) {
      if (values && values.length > 0) return { rows: await db.query(text, values) };
      return { rows: await db.script(text) };
    },
  };
}

/**
 * A caller's transaction as pg-boss's database, for a job sent with the write that asks for it: the
 * job exists exactly when that transaction commits. pg-boss's inserts carry parameters, so one
 * query each; nothing else may run through it.
 */
export function transactionDb(q: Queryable): IDatabase {
  return {
    async executeSql(text: string, values?: unknown[]) {
      if (!values || values.length === 0) throw new Error('a job sent in a transaction must be one statement with parameters');
      return { rows: await q.query(text, values) };
    },
  };
}
