import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import { buildTestApp, data, registerUser } from '#server-test/helper.ts';
import { openSse } from '#server-test/sse.ts';
import { makePost } from '#server/modules/community/test-fixtures.ts';
import { commentOn } from '#server/modules/safety/test-fixtures.ts';

// Two Padhubs on one database, as two processes behind a load balancer: each has its own
// listener (on PostgreSQL its own LISTEN connection), and neither knows of the other.
const first = await buildTestApp();
const config = loadConfig({ SEED: '0', LOG_LEVEL: 'silent', DATA_DIR: mkdtempSync(path.join(tmpdir(), 'padhub-test-')), FEED_CACHE_MS: '0' });
const second = await buildApp(config, { db: { ...first.db, close: async () => undefined } });
const origins: string[] = [];
beforeAll(async () => {
  for (const app of [first.app, second.app]) {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    origins.push(`http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`);
  }
});
afterAll(() => second.app.close());

describe('live events across processes', () => {
  it('reach a stream on another process, and a stream moved by a restart resumes with nothing lost', async () => {
    const author = await registerUser(first);
    const commenter = await registerUser(first);
    const postId = await makePost(first, author);
    const onSecond = await openSse(`${origins[1]}/api/events?post=${postId}`, author.headers);
    for (let i = 0; i < 100 && onSecond.lastId() === undefined; i++) await new Promise((r) => setTimeout(r, 20));

    const one = data(await commentOn(first, commenter, postId, 'published on the first process'));
    expect((await onSecond.next((e) => e.type === 'notification')).data.target.id).toBe(one.id);
    expect((await onSecond.next((e) => e.type === 'comment')).data.id).toBe(one.id);
    const last = onSecond.lastId()!;

    // The second process stops: its streams end, and the client reconnects to the first with its last id.
    await second.app.close();
    await onSecond.ended;
    const two = data(await commentOn(first, commenter, postId, 'published while the client moved'));
    const resumed = await openSse(`${origins[0]}/api/events?post=${postId}`, { ...author.headers, 'last-event-id': last });
    expect((await resumed.next((e) => e.type === 'comment')).data.id).toBe(two.id);
    expect(resumed.events.filter((e) => e.type === 'comment').map((e) => e.data.id)).toEqual([two.id]);
    resumed.close();
  });

  it.runIf(first.db.kind === 'postgres')('keep delivering after the listening connection is cut, with what was published meanwhile', async () => {
    const author = await registerUser(first);
    const commenter = await registerUser(first);
    const postId = await makePost(first, author);
    const watch = await openSse(`${origins[0]}/api/events?post=${postId}`, author.headers);
    for (let i = 0; i < 100 && watch.lastId() === undefined; i++) await new Promise((r) => setTimeout(r, 20));
    const cut = await first.db.query<{ ok: boolean }>(
      `select pg_terminate_backend(pid) as ok from pg_stat_activity where datname = current_database() and query ilike 'listen %'`,
    );
    expect(cut.length).toBeGreaterThan(0);
    const during = data(await commentOn(first, commenter, postId, 'published while the listener was away'));
    expect((await watch.next((e) => e.type === 'comment' && e.data.id === during.id, 8000)).data.action).toBe('created');
    const after = data(await commentOn(first, commenter, postId, 'published once it was back'));
    expect((await watch.next((e) => e.type === 'comment' && e.data.id === after.id, 8000)).data.action).toBe('created');
    watch.close();
  });
});
