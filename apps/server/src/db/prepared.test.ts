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
