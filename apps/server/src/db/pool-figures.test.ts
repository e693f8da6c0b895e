import { describe, expect, it } from 'vitest';
import { dbPoolTimeouts } from '#server/telemetry/metrics.ts';
import { openDb } from './client.ts';

/** A transaction that holds its connection until `release` is called. */
function hold(db: Awaited<ReturnType<typeof openDb>>) {
  let release!: () => void;
  let holding!: () => void;
  const held = new Promise<void>((resolve) => (holding = resolve));
  const done = db.tx(async (q) => {
    await q.query('select 1');
    holding();
    await new Promise<void>((resolve) => (release = resolve));
  });
  return { held, done, release: () => release() };
}

const timeouts = async () => (await dbPoolTimeouts.get()).values[0]?.value ?? 0;

describe('how full the pool is', () => {
  it('PGlite: its one session, busy during a transaction, with what waits for it', async () => {
    const db = await openDb({});
    expect(db.pool()).toEqual({ size: 1, inUse: 0, waiting: 0 });
    const tx = hold(db);
    await tx.held;
    const outside = db.query('select 2');
    expect(db.pool()).toEqual({ size: 1, inUse: 1, waiting: 1 });
    tx.release();
    await tx.done;
    await outside;
    expect(db.pool()).toEqual({ size: 1, inUse: 0, waiting: 0 });
    await db.close();
  });

  const url = process.env.TEST_DATABASE_URL;
  it.skipIf(!url)('PostgreSQL: connections in use and waiting; a wait past DATABASE_POOL_TIMEOUT_MS is refused with 503 and counted', async () => {
    const db = await openDb({ url: url!, poolSize: 1, poolTimeoutMs: 300 });
    const tx = hold(db);
    await tx.held;
    const before = await timeouts();
    const waiting = db.query('select 2').then(
      () => 'answered',
      (error: { statusCode?: number }) => error.statusCode,
    );
    expect(db.pool()).toEqual({ size: 1, inUse: 1, waiting: 1 });
    expect(await waiting).toBe(503);
    expect(await timeouts()).toBe(before + 1);
    tx.release();
    await tx.done;
    expect(db.pool()).toMatchObject({ size: 1, inUse: 0, waiting: 0 });
    expect(await db.query('select 3 as n')).toEqual([{ n: 3 }]);
    await db.close();
  });
});
