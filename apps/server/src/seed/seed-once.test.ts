import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';

// The embedded setup itself, as `npm start` runs it: PGlite in DATA_DIR/db. (The PostgreSQL run
// of the suite covers the same code paths through its own database; this is about the data dir.)
describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('the embedded database across restarts', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'padhub-restart-'));
  const start = () => buildApp(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }));
  const count = async (padhub: Awaited<ReturnType<typeof start>>) =>
    (await padhub.db.query<{ posts: number; users: number }>('select (select count(*)::int from posts) as posts, (select count(*)::int from users) as users'))[0];
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('seeds once, on the first start, and keeps everything after a restart', async () => {
    const first = await start();
    const seeded = await count(first);
    expect(seeded?.posts).toBeGreaterThan(100);
    const res = await first.app.inject({ method: 'POST', url: '/api/auth/register', headers: { accorgid: 'padhub' }, payload: { username: 'kept-user', password: 'correct horse battery' } });
    expect(res.statusCode).toBe(200);
    await first.app.close();

    const second = await start();
    expect(await count(second)).toEqual({ posts: seeded?.posts, users: (seeded?.users ?? 0) + 1 });
    const login = await second.app.inject({ method: 'POST', url: '/api/auth/login', headers: { accorgid: 'padhub' }, payload: { username: 'kept-user', password: 'correct horse battery' } });
    expect(login.statusCode).toBe(200);
    await second.app.close();
  }, 120_000);

  it('starts empty with SEED=0', async () => {
    const emptyDir = mkdtempSync(path.join(tmpdir(), 'padhub-empty-'));
    const padhub = await buildApp(loadConfig({ DATA_DIR: emptyDir, SEED: '0', LOG_LEVEL: 'silent' }));
    expect((await padhub.db.query<{ n: number }>('select count(*)::int as n from organisations'))[0]?.n).toBe(0);
    await padhub.app.close();
    rmSync(emptyDir, { recursive: true, force: true });
  }, 60_000);
});
