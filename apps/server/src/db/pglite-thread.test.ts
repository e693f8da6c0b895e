import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { openDb } from './client.ts';

// PGlite on its worker thread must answer exactly what PGlite on this thread answers.
const db = await openDb({});
const direct = await PGlite.create({ parsers: { 20: (v: string) => v } });
afterAll(async () => {
  await db.close();
  await direct.close();
});

describe('PGlite on its own thread', () => {
  it('answers rows of every type the app reads as PGlite itself parses them', async () => {
    const sql = `select 9007199254740993::int8 as big, 7::int4 as small, 1.25::numeric as num, 0.5::float8 as dbl, true as yes,
                        '2026-11-26 01:02:03.456+00'::timestamptz as at, '2026-11-26'::date as day, '{"a":[1,{"b":null}]}'::jsonb as doc,
                        array['x','y'] as words, array[1,2]::int8[] as ids, '\\x6162'::bytea as bytes, null::text as nothing, $1::text as param,
                        $2::jsonb as param_doc, $3::timestamptz as param_at, $4::text[] as param_words`;
    const params = ['héllo', JSON.stringify({ k: 'v' }), new Date('2026-01-02T03:04:05Z'), ['a', 'b']];
    const rows = await db.query(sql, params);
    expect(rows).toEqual((await direct.query(sql, params)).rows);
    expect(rows[0]).toMatchObject({ big: '9007199254740993', at: new Date('2026-11-26T01:02:03.456Z'), doc: { a: [1, { b: null }] } });
  });

  it('hands PostgreSQL errors over with the fields the code reads', async () => {
    await db.exec('create table things (id int primary key, name text not null)');
    await db.query(`insert into things values (1, 'one')`);
    const error = await db.query(`insert into things values (1, 'again')`).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ code: '23505', constraint: 'things_pkey', table: 'things', detail: 'Key (id)=(1) already exists.' });
    expect((error as Error).message).toMatch(/duplicate key/);
  });

  it('commits a transaction that resolves and rolls back one that throws, answering what it answered', async () => {
    await db.exec('create table moves (n int)');
    expect(await db.tx(async (q) => (await q.query<{ n: number }>('insert into moves values (1) returning n'))[0]!.n)).toBe(1);
    const failed = db.tx(async (q) => {
      await q.query('insert into moves values (2)');
      throw new Error('changed my mind');
    });
    await expect(failed).rejects.toThrow('changed my mind');
    expect(await db.query('select n from moves')).toEqual([{ n: 1 }]);
  });

  it('refuses to commit a transaction whose statement failed, even when the code swallowed the error', async () => {
    await db.exec('create table unique_names (name text unique)');
    const swallowed = db.tx(async (q) => {
      await q.query(`insert into unique_names values ('a')`);
      await q.query(`insert into unique_names values ('a')`).catch(() => undefined);
    });
    await expect(swallowed).rejects.toThrow();
    expect(await db.query('select * from unique_names')).toEqual([]);
  });

  it('runs one transaction at a time: a query from outside waits for the open one to end', async () => {
    await db.exec('create table queue (step text)');
    const order: string[] = [];
    let inside!: () => void;
    const entered = new Promise<void>((resolve) => (inside = resolve));
    const tx = db.tx(async (q) => {
      inside();
      // Give the outside query every chance to overtake.
      await new Promise((resolve) => setTimeout(resolve, 50));
      await q.query(`insert into queue values ('in the transaction')`);
      order.push('transaction');
    });
    await entered;
    const outside = db.query<{ steps: string }>(`select string_agg(step, ',') as steps from queue`).then((rows) => {
      order.push('outside');
      return rows[0]!.steps;
    });
    await Promise.all([tx, outside]);
    expect(order).toEqual(['transaction', 'outside']);
    expect(await outside).toBe('in the transaction');
  });

  it('refuses a parameter that cannot reach another thread, and keeps working', async () => {
    await expect(db.query('select $1::text', [() => 'a function'])).rejects.toThrow();
    expect(await db.query('select 1 as one')).toEqual([{ one: 1 }]);
  });

  it('refuses work once closed, and closing again is harmless', async () => {
    const other = await openDb({});
    await other.close();
    await other.close();
    await expect(other.query('select 1')).rejects.toThrow(/embedded database stopped/);
  });
});
