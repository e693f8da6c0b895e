import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { errorCatalogue, headers } from '@padhub/contracts';
import { buildTestApp, registerUser } from '#server-test/helper.ts';
import { makePost } from '#server/modules/community/test-fixtures.ts';
import { makeConfig, swapMapping } from '#server/modules/configs/test-fixtures.ts';

const app = await buildTestApp();
const alice = await registerUser(app);
const bob = await registerUser(app);
// Shared on Bob's post, so others may copy it.
const bobsConfig = await makeConfig(app, bob);
const post = await makePost(app, bob, { configIds: [bobsConfig.id] });
const { id: commentOfBob } = (
  await app.inject({ method: 'POST', url: `/api/posts/${post}/comments`, headers: bob.headers, payload: { content: 'first' } })
).json().data as { id: string };

/** Every create other than a post, as the web app sends it; `n` makes each call's body its own. */
const creates = {
  comment: { url: `/api/posts/${post}/comments`, body: (n: number) => ({ content: `comment ${n}` }) },
  reply: { url: `/api/posts/${post}/comments`, body: (n: number) => ({ content: `reply ${n}`, replyTo: commentOfBob }) },
  report: { url: '/api/reports', body: (n: number) => ({ targetType: 'post', targetId: post, reason: 'other', description: `why ${n}` }) },
  configuration: { url: '/api/configs', body: (n: number) => swapMapping('lite', `mine ${n}`) },
  copy: { url: `/api/configs/${bobsConfig.id}/copies`, body: () => undefined },
} as const;

const send = (url: string, body: unknown, key?: string, actor = alice) =>
  app.inject({ method: 'POST', url, headers: { ...actor.headers, ...(key === undefined ? {} : { [headers.idempotencyKey]: key }) }, ...(body === undefined ? {} : { payload: body as object }) });

async function counts() {
  const [row] = await app.db.query<{ comments: number; reports: number; configs: number }>(
    `select (select count(*)::int from comments) as comments, (select count(*)::int from reports) as reports, (select count(*)::int from configs) as configs`,
  );
  return row!;
}

describe.each(Object.entries(creates))('an Idempotency-Key on a %s', (name, { url, body }) => {
  it('answers a repeat with what the first send made, and makes nothing more', async () => {
    const key = randomUUID();
    const first = await send(url, body(1), key);
    expect(first.statusCode, first.body).toBe(200);
    const before = await counts();
    const again = await send(url, body(1), key);
    expect(again.statusCode).toBe(200);
    expect(again.json().data.id).toBe(first.json().data.id);
    expect(await counts()).toEqual(before);
  });

  it('refuses the same key with another request, as a post’s key is refused', async () => {
    if (name === 'copy') return; // A copy's request is its path alone: another copy is another path, below.
    const key = randomUUID();
    expect((await send(url, body(2), key)).statusCode).toBe(200);
    const reused = await send(url, body(3), key);
    expect([reused.statusCode, reused.json().code]).toEqual([422, errorCatalogue.idempotency_key_reused.code]);
  });

  it('makes one thing of ten sends at once with one key', async () => {
    const key = randomUUID();
    const before = await counts();
    const all = await Promise.all(Array.from({ length: 10 }, () => send(url, body(4), key)));
    expect(all.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    expect(new Set(all.map((r) => r.json().data.id)).size).toBe(1);
    const after = await counts();
    const made = after.comments - before.comments + after.reports - before.reports + after.configs - before.configs;
    // A report or a copy of the same target may already exist from an earlier test: then nothing is made.
    expect(made).toBeLessThanOrEqual(1);
    if (name === 'comment' || name === 'reply' || name === 'configuration') expect(made).toBe(1);
  });

  it('refuses a key that is not UUID-like, and nobody without a login', async () => {
    const bad = await send(url, body(5), 'short');
    expect([bad.statusCode, bad.json().code]).toEqual([400, errorCatalogue.idempotency_key_invalid.code]);
    const anonymous = await app.inject({ method: 'POST', url, headers: { accorgid: alice.org, [headers.idempotencyKey]: randomUUID() }, payload: body(5) ?? {} });
    expect(anonymous.statusCode).toBe(401);
  });

  it('keeps one person’s key from answering another’s send', async () => {
    if (name === 'copy') return; // Bob cannot copy his own configuration.
    const key = randomUUID();
    const mine = await send(url, body(6), key);
    const theirs = await send(url, body(6), key, bob);
    if (name === 'report') expect(theirs.statusCode).toBe(403); // Bob's own post: nothing to report.
    else expect(theirs.json().data.id).not.toBe(mine.json().data.id);
  });
});

describe('a copy’s key', () => {
  it('is refused for a copy of another configuration', async () => {
    const other = await makeConfig(app, bob, swapMapping('lite', 'another'));
    await makePost(app, bob, { configIds: [other.id] });
    const key = randomUUID();
    expect((await send(`/api/configs/${bobsConfig.id}/copies`, undefined, key)).statusCode).toBe(200);
    const reused = await send(`/api/configs/${other.id}/copies`, undefined, key);
    expect([reused.statusCode, reused.json().code]).toEqual([422, errorCatalogue.idempotency_key_reused.code]);
  });
});

describe('without a key', () => {
  it('a comment is made each time, as before', async () => {
    const before = await counts();
    await send(creates.comment.url, { content: 'twice' });
    await send(creates.comment.url, { content: 'twice' });
    expect((await counts()).comments - before.comments).toBe(2);
  });
});
