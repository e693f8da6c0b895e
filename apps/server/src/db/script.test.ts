import { afterAll, describe, expect, it } from 'vitest';
import { testDb } from '#server-test/helper.ts';

const db = await testDb();
afterAll(() => db.close());

// The job queue's own blocks come through `script` (jobs/boss-db.ts): on both engines they answer
// their rows, and one that fails half way leaves nothing behind, not even an open transaction.
describe('Db.script', () => {
  it('runs several statements with their own BEGIN … COMMIT and answers the rows of all of them', async () => {
    const rows = await db.script(`begin; create table script_t (a int); insert into script_t values (1) returning a; commit; select 2 as b`);
    expect(rows).toEqual([{ a: 1 }, { b: 2 }]);
  });

  it('rolls back a block that fails half way, and the next statement runs normally', async () => {
    await expect(db.script(`begin; insert into script_t values (3); select 1 / 0; commit`)).rejects.toThrow(/division by zero/);
    expect(await db.query('select a from script_t order by a')).toEqual([{ a: 1 }]);
    await db.tx(async (q) => {
      await q.query('insert into script_t values (4)');
    });
    expect(await db.query('select count(*)::int as n from script_t')).toEqual([{ n: 2 }]);
  });
});
