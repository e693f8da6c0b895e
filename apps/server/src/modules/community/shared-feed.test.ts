import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { FeedPage } from '@padhub/contracts';
import { type Actor, buildTestApp, data, ORG, registerUser } from '#server-test/helper.ts';
import { putList, registerStaff } from '#server/modules/safety/test-fixtures.ts';
import { as, makePost } from './test-fixtures.ts';

// Long enough that nothing below outlives it by accident on a slow machine; the expiry is waited for once.
const TTL = 1500;
const app = await buildTestApp({ FEED_CACHE_MS: String(TTL), REGISTER_LIMIT_PER_IP: '1000' });
const anonymous = { org: ORG };

const feedOf = async (viewer: Actor | typeof anonymous, query = 'limit=50') =>
  data<FeedPage>(await app.inject({ method: 'GET', url: `/api/posts?${query}`, headers: as(viewer) }));
const ids = (page: FeedPage) => page.items.map((p) => p.id);
// Each test reads its own page size, so none meets a page another test had shared.

describe('the anonymous first feed page is shared for a moment', () => {
  it('answers everyone without a session from one read a moment, and a signed-in reader from their own', async () => {
    const author = await registerUser(app);
    const reader = await registerUser(app);
    const first = await makePost(app, author, { content: 'first' });
    expect(ids(await feedOf(anonymous))).toContain(first);
    expect(ids(await feedOf(reader))).toContain(first);

    const second = await makePost(app, author, { content: 'second' });
    // Shared: the page read a moment ago, not a new read.
    expect(ids(await feedOf(anonymous))).not.toContain(second);
    // Signed in, the page is the reader's own (their likes, lists and posts), read at once.
    expect(ids(await feedOf(reader))).toContain(second);
    expect(ids(await feedOf(author))).toContain(second);
    // Another page, filter or search is not the shared one.
    expect(ids(await feedOf(anonymous, 'limit=49'))).toContain(second);
    expect(ids(await feedOf(anonymous, 'limit=50&q=second'))).toContain(second);

    await sleep(TTL);
    expect(ids(await feedOf(anonymous))).toContain(second);
    expect(ids(await feedOf(reader))).toContain(second);
  });

  it('drops a post taken down by moderation at once for those signed in, and for everyone within the moment', async () => {
    const author = await registerUser(app);
    const reader = await registerUser(app);
    const moderator = await registerStaff(app, 'moderator');
    const post = await makePost(app, author, { content: 'to be taken down' });
    expect(ids(await feedOf(anonymous, 'limit=40'))).toContain(post);
    expect(ids(await feedOf(reader, 'limit=40'))).toContain(post);

    const takenDown = await app.inject({ method: 'POST', url: `/api/admin/posts/${post}/delete`, headers: moderator.headers, payload: { reason: 'Spam' } });
    expect(takenDown.statusCode).toBe(200);
    expect(ids(await feedOf(reader, 'limit=40'))).not.toContain(post);
    await sleep(TTL);
    expect(ids(await feedOf(anonymous, 'limit=40'))).not.toContain(post);
  });

  it("keeps each reader's likes and lists their own", async () => {
    const author = await registerUser(app);
    const blocked = await registerUser(app);
    const [liker, other, blocker] = [await registerUser(app), await registerUser(app), await registerUser(app)];
    const post = await makePost(app, author, { content: 'liked by one' });
    const unwanted = await makePost(app, blocked, { content: 'from someone blocked' });
    expect((await putList(app, blocker, 'blocks', blocked.id)).statusCode).toBe(200);
    // Someone who blacklisted `other`: `other` has no list of their own, yet must not see this post.
    const shutting = await registerUser(app);
    const shut = await makePost(app, shutting, { content: 'not for other' });
    expect((await putList(app, shutting, 'blacklist', other.id)).statusCode).toBe(200);
    const like = await app.inject({ method: 'PUT', url: `/api/posts/${post}/like`, headers: liker.headers });
    expect(like.statusCode).toBe(200);

    const shared = await feedOf(anonymous, 'limit=41');
    expect(ids(await feedOf(other, 'limit=41'))).not.toContain(shut);
    expect(shared.items.find((p) => p.id === post)?.liked).toBe(false);
    expect(ids(shared)).toContain(unwanted);
    expect(ids(shared)).toContain(shut);

    const mine = (page: FeedPage) => page.items.find((p) => p.id === post);
    expect(mine(await feedOf(liker, 'limit=41'))).toMatchObject({ liked: true, likeCount: 1 });
    expect(mine(await feedOf(other, 'limit=41'))).toMatchObject({ liked: false, likeCount: 1 });
    // A like given while the anonymous page is shared shows at once to the one who gave it, with the count.
    expect((await app.inject({ method: 'PUT', url: `/api/posts/${post}/like`, headers: other.headers })).statusCode).toBe(200);
    expect(mine(await feedOf(other, 'limit=41'))).toMatchObject({ liked: true, likeCount: 2 });
    expect(mine(await feedOf(liker, 'limit=41'))).toMatchObject({ liked: true, likeCount: 2 });
    expect(mine(await feedOf(blocker, 'limit=41'))).toMatchObject({ liked: false, likeCount: 2 });
    expect(ids(await feedOf(blocker, 'limit=41'))).not.toContain(unwanted);
    expect(ids(await feedOf(blocker, 'limit=41'))).toContain(post);
  });

  it('sends the same bytes, ETag and encodings as an answer that is not shared', async () => {
    const author = await registerUser(app);
    for (let i = 0; i < 8; i++) await makePost(app, author, { content: `Post ${i}: my controller setup for racing games, with the back paddles on shift` });
    await sleep(TTL);
    const get = (headers: Record<string, string>) => app.inject({ method: 'GET', url: '/api/posts?limit=12', headers: { ...as(anonymous), ...headers } });
    const plain = await get({});
    expect(plain.headers['content-encoding']).toBeUndefined();
    // A signed-in stranger (no likes, no lists, no posts here) is answered without sharing: the same page.
    const stranger = await registerUser(app);
    expect((await app.inject({ method: 'GET', url: '/api/posts?limit=12', headers: as(stranger) })).body).toBe(plain.body);
    const tag = `W/"${createHash('sha256').update(plain.body).digest('base64url').slice(0, 27)}"`;
    expect(plain.headers.etag).toBe(tag);
    // Past the moment a fresh read is made; with nothing changed it is the same JSON and tag.
    await sleep(TTL);
    const br = await get({ 'accept-encoding': 'gzip, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers.etag).toBe(tag);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gzip = await get({ 'accept-encoding': 'gzip, br;q=0' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);

    const unchanged = await get({ 'if-none-match': tag, 'accept-encoding': 'br' });
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.rawPayload.length).toBe(0);
  });
});
