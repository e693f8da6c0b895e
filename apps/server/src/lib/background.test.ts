import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { pgliteDb } from '#server-test/helper.ts';
import { loadConfig } from '#server/config.ts';
import { type Db, openDb } from '#server/db/client.ts';
import { migrate } from '#server/db/migrate.ts';
import { DeletionsRepo } from '#server/modules/media-lifecycle/deletions-repo.ts';
import { MediaLifecycle } from '#server/modules/media-lifecycle/service.ts';
import { PushWorker } from '#server/modules/notifications/outbox.ts';
import { OrganisationsRepo } from '#server/modules/organisations/repo.ts';
import { seedOrganisations } from '#server/seed/organisations.ts';
import { openStorage } from '#server/storage/open-storage.ts';
import { liveKeys } from '#server/compose/live-keys.ts';
import { localServer } from '#server-test/local-http.ts';
import { claimRun, runOncePerCluster } from './background.ts';

/**
 * Two Padhub processes on one database, as a cluster runs them: with TEST_DATABASE_URL each has
 * its own connection pool to one fresh PostgreSQL database (real concurrency, row locks, SKIP
 * LOCKED); on PGlite they share the one embedded database.
 */
async function twoProcesses(): Promise<[Db, Db]> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    const db = await pgliteDb();
    await migrate(db);
    afterAll(() => db.close());
    return [db, db];
  }
  const name = `padhub_test_${randomBytes(6).toString('hex')}`;
  const admin = await openDb({ url: adminUrl, poolSize: 1 });
  await admin.exec(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const one = await openDb({ url: url.toString(), poolSize: 5 });
  const two = await openDb({ url: url.toString(), poolSize: 5 });
  // Both migrate at once, as processes starting together do: the migrations' lock lets one apply them.
  await Promise.all([migrate(one), migrate(two)]);
  afterAll(async () => {
    await one.close();
    await two.close();
    await admin.exec(`drop database if exists ${name} with (force)`);
    await admin.close();
  });
  return [one, two];
}

const [one, two] = await twoProcesses();
const HOUR = 3600 * 1000;
const silent = { warn: () => undefined };

describe('a periodic job on two processes', () => {
  it('is claimed by exactly one of many concurrent askers per period', async () => {
    const ask = () => Promise.all([...Array.from({ length: 10 }, () => claimRun(one, 'claim-test', HOUR)), ...Array.from({ length: 10 }, () => claimRun(two, 'claim-test', HOUR))]);
    expect((await ask()).filter(Boolean)).toHaveLength(1);
    // Within the period nobody claims it again.
    expect((await ask()).filter(Boolean)).toHaveLength(0);
    // The period passes: once more, exactly one.
    await one.query(`update background_runs set started_at = now() - interval '2 hours' where name = 'claim-test'`);
    expect((await ask()).filter(Boolean)).toHaveLength(1);
  });

  it('runs once per period in the cluster, not once per process', async () => {
    let runs = 0;
    let ran: () => void = () => undefined;
    const first = new Promise<void>((resolve) => (ran = resolve));
    const job = {
      name: 'scheduler-test',
      everyMs: 4000,
      run: async () => {
        runs += 1;
        ran();
      },
    };
    const stops = [runOncePerCluster(one, [job], silent), runOncePerCluster(two, [job], silent)];
    await first;
    // Each process asks every second; give both a few more asks within the period.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await Promise.all(stops.map((stop) => stop()));
    expect(runs).toBe(1);
  });
});

describe('queued deletions drained by two processes at once', () => {
  it('deletes each object once, and together they delete them all', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'padhub-background-'));
    afterAll(() => rmSync(dir, { recursive: true, force: true }));
    const config = loadConfig({ DATA_DIR: dir, STORAGE_SECRET: 'x'.repeat(32) });
    if (config.storage.kind !== 'embedded') throw new Error('embedded store expected');
    const { store } = await openStorage(config.storage);
    const keys = Array.from({ length: 300 }, (_, i) => `u/padhub/424242/sweep/${i}.jpg`);
    for (const key of keys) await store.put(key, Buffer.from(key), 'image/jpeg');
    await new DeletionsRepo(one).enqueue(keys);

    const deletions = new Map<string, number>();
    const counted = { ...store, delete: async (key: string) => {
      deletions.set(key, (deletions.get(key) ?? 0) + 1);
      await store.delete(key);
    } };
    const lifecycles = [new MediaLifecycle(one, { deletions: new DeletionsRepo(one) }, counted, { orphanGraceMs: HOUR, liveKeys }), new MediaLifecycle(two, { deletions: new DeletionsRepo(two) }, counted, { orphanGraceMs: HOUR, liveKeys })];
    const [a, b] = await Promise.all(lifecycles.map((lifecycle) => lifecycle.sweep()));

    expect(a!.deleted + b!.deleted).toBe(keys.length);
    expect([...deletions.values()].every((n) => n === 1)).toBe(true);
    expect(deletions.size).toBe(keys.length);
    for (const key of keys.slice(0, 5)) expect(await store.head(key)).toBeNull();
    const [left] = await one.query<{ n: number }>('select count(*)::int as n from storage_deletions where done_at is null');
    expect(left!.n).toBe(0);
  });
});

describe('the push outbox delivered by two processes at once', () => {
  it('sends each push once', async () => {
    const receiver = await localServer(() => ({ status: 200, body: {} }));
    for (const org of seedOrganisations('padhub')) await new OrganisationsRepo(one).insert(org);
    const [user] = await one.query<{ id: string }>(
      `insert into users (org_id, username, username_key, password_hash) values ('padhub', 'pushed', 'pushed', 'x') returning id`,
    );
    await one.query(`insert into push_outbox (org_id, recipient_id, payload) select 'padhub', $1, jsonb_build_object('n', n) from generate_series(1, 60) n`, [user!.id]);
    const push = { url: `${receiver.url}/push`, secret: 'a-secret-of-the-native-team', retryBaseMs: 1000, pollMs: 3_600_000 };
    const log = { warn: () => undefined } as unknown as ConstructorParameters<typeof PushWorker>[2];
    const workers = [new PushWorker(one, push, log), new PushWorker(two, push, log)];
    // Both pass until the outbox is empty (a pass takes at most a batch).
    for (;;) {
      const claimed = await Promise.all([...workers, ...workers].map((worker) => worker.deliverDue()));
      if (claimed.every((n) => n === 0)) break;
    }
    const ids = receiver.received.map((r) => (JSON.parse(r.body) as { id: string }).id);
    expect(ids).toHaveLength(60);
    expect(new Set(ids).size).toBe(60);
  });
});
