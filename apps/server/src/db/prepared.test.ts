import { describe, expect, it } from 'vitest';
import { openDb } from './client.ts';
import type { Queryable } from './queryable.ts';

// docs/search.md, "Prepared statements"; docs/deploy.md, "Transaction pooling".
const url = process.env.TEST_DATABASE_URL;

/** Runs the same statement with two values in one transaction, and answers its rows and the named statements the connection then holds. */
async function twice(db: Awaited<ReturnType<typeof openDb>>, prepared: boolean | undefined) {
  return db.tx(
    async (q: Queryable) => {
      const rows = [];
      for (const n of [1, 2]) rows.push(...(await q.query<{ n: number }>('select $1::int + 40 as n', [n])));
      const held = await q.query<{ name: string }>(`select name from pg_prepared_statements where statement like '%$1::int + 40%'`);
      return { rows: rows.map((r) => r.n), named: held.map((r) => r.name) };
    },
    prepared === undefined ? undefined : { prepared },
  );
}

describe('a transaction asking for prepared statements', () => {
  it.skipIf(!url)('PostgreSQL: its statements go named, once a connection, and answer each call with its own values', async () => {
    const db = await openDb({ url: url!, poolSize: 1 });
    try {
      const first = await twice(db, true);
      expect(first.rows).toEqual([41, 42]);
      expect(first.named).toHaveLength(1);
      expect(first.named[0]).toMatch(/^s_[0-9a-f]{24}$/);
      // The next transaction on the connection finds it prepared and binds it again.
      expect(await twice(db, true)).toEqual(first);
    } finally {
      await db.close();
    }
  });

  it.skipIf(!url)('PostgreSQL: without it, or on a database opened without `prepared` (behind pgbouncer before 1.21), nothing is named', async () => {
    for (const [prepared, asked] of [[true, undefined], [false, true]] as const) {
      const db = await openDb({ url: url!, poolSize: 1, prepared });
      try {
        expect(await twice(db, asked)).toEqual({ rows: [41, 42], named: [] });
      } finally {
        await db.close();
      }
    }
  });

  it('PGlite: the same answers, planned as every statement is', async () => {
    const db = await openDb({});
    try {
      expect((await twice(db, true)).rows).toEqual([41, 42]);
    } finally {
      await db.close();
    }
  });
});

/** A PostgreSQL database of one connection for `fn`, closed after it. */
async function onOneConnection(fn: (db: Awaited<ReturnType<typeof openDb>>) => Promise<void>) {
  const db = await openDb({ url: url!, poolSize: 1 });
  try {
    await fn(db);
  } finally {
    await db.close();
  }
}

// docs/search.md, "Eighth round": BEGIN goes with a transaction's first statement when that has no parameters.
describe('a transaction on PostgreSQL', () => {
  it.skipIf(!url)('begins with its first statement: SET LOCAL holds, several statements answer their rows in order, a failure rolls back', () =>
    onOneConnection(async (db) => {
      const inside = await db.tx(async (q) => {
        const first = await q.query(`select set_config('statement_timeout', '7s', true) as timeout; select 2 as b`);
        const [held] = await q.query<{ statement_timeout: string }>('show statement_timeout');
        const [open] = await q.query<{ open: boolean }>(`select now() = statement_timestamp() as open`);
        return { first, held: held!.statement_timeout, open: open!.open };
      });
      // now() is the transaction's start: a statement later in it sees an earlier time.
      expect(inside).toEqual({ first: [{ timeout: '7s' }, { b: 2 }], held: '7s', open: false });
      expect(await db.query<{ statement_timeout: string }>('show statement_timeout')).toEqual([{ statement_timeout: '0' }]);
      await db.query('create temporary table if not exists tx_first (a int)');
      await expect(db.tx(async (q) => {
        await q.query('insert into tx_first values (1)');
        await q.query('select 1 / $1::int', [0]);
      })).rejects.toThrow(/division by zero/);
      expect(await db.query('select count(*)::int as n from tx_first')).toEqual([{ n: 0 }]);
      // A transaction that asks nothing sends nothing, and leaves the connection as it found it.
      expect(await db.tx(async () => 'nothing')).toBe('nothing');
      expect(await db.query<{ n: number }>('select 1 as n')).toEqual([{ n: 1 }]);
    }),
  );
});

describe('a read-only transaction on PostgreSQL', () => {
  it.skipIf(!url)('refuses a write, answers without waiting for its COMMIT, and the connection serves the next transaction after it', () =>
    onOneConnection(async (db) => {
      await expect(db.tx((q) => q.query('create temporary table read_only_t (a int)'), { readOnly: true })).rejects.toThrow(/read-only transaction/);
      const [first] = await db.tx((q) => q.query<{ n: number }>('select $1::int as n', [1]), { readOnly: true });
      // One connection: this transaction runs after the last one's COMMIT, and is not inside it.
      const [next] = await db.tx((q) => q.query<{ open: string }>(`select current_setting('transaction_read_only') as open`));
      expect([first, next]).toEqual([{ n: 1 }, { open: 'off' }]);
    }),
  );
});
