import { createHash } from 'node:crypto';
import { get as httpGet } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it, vi } from 'vitest';
import type { FeedPage } from '@padhub/contracts';
import { type Actor, buildTestApp, data, ORG, registerUser } from '#server-test/helper.ts';
import { expectError, putList, registerStaff } from '#server/modules/safety/test-fixtures.ts';
import { askAbout, viewerOnPage } from './shared-feed-repo.ts';
import { holdPosts, lockWaiters, until } from './test-fixtures.ts';
import { as, makePost } from './test-fixtures.ts';

// Long enough that nothing below outlives it by accident on a slow machine; the expiry is waited for once.
const TTL = 1500;
const app = await buildTestApp({ FEED_CACHE_MS: String(TTL), REGISTER_LIMIT_PER_IP: '1000' });
const anonymous = { org: ORG };

const feedOf = async (viewer: Actor | typeof anonymous, query = 'limit=50') =>
  data<FeedPage>(await app.inject({ method: 'GET', url: `/api/posts?${query}`, headers: as(viewer) }));
const ids = (page: FeedPage) => page.items.map((p) => p.id);
// Each test reads its own page size, so none meets a page another test had shared.

describe('the first feed page is read once a moment for everyone', () => {
  it('answers everyone from one read a moment, but shows its author a new post at once', async () => {
    const author = await registerUser(app);
    const reader = await registerUser(app);
    const first = await makePost(app, author, { content: 'first' });
    expect(ids(await feedOf(anonymous))).toContain(first);
    expect(ids(await feedOf(reader))).toContain(first);

    const second = await makePost(app, author, { content: 'second' });
    // Shared: the page read a moment ago, not a new read, signed in or not.
    expect(ids(await feedOf(anonymous))).not.toContain(second);
    expect(ids(await feedOf(reader))).not.toContain(second);
    // Its author has a post the page should hold: they get their own read.
    expect(ids(await feedOf(author))).toContain(second);
    // Another page, filter or search is not the shared one.
    expect(ids(await feedOf(anonymous, 'limit=49'))).toContain(second);
    expect(ids(await feedOf(reader, 'limit=50&q=second'))).toContain(second);

    await sleep(TTL);
    expect(ids(await feedOf(anonymous))).toContain(second);
    expect(ids(await feedOf(reader))).toContain(second);
  });

  it('drops a post taken down by moderation within the moment, and at once for its author', async () => {
    const author = await registerUser(app);
    const reader = await registerUser(app);
    const moderator = await registerStaff(app, 'moderator');
    const post = await makePost(app, author, { content: 'to be taken down' });
    expect(ids(await feedOf(anonymous, 'limit=40'))).toContain(post);
    expect(ids(await feedOf(reader, 'limit=40'))).toContain(post);

    const takenDown = await app.inject({ method: 'POST', url: `/api/admin/posts/${post}/delete`, headers: moderator.headers, payload: { reason: 'Spam' } });
    expect(takenDown.statusCode).toBe(200);
    expect(ids(await feedOf(author, 'limit=40'))).not.toContain(post);
    await sleep(TTL);
    expect(ids(await feedOf(anonymous, 'limit=40'))).not.toContain(post);
    expect(ids(await feedOf(reader, 'limit=40'))).not.toContain(post);
  });

  it("keeps each reader's likes, favourites and lists their own, changed at once", async () => {
    const author = await registerUser(app);
    const blocked = await registerUser(app);
    const [liker, other, blocker] = [await registerUser(app), await registerUser(app), await registerUser(app)];
    const post = await makePost(app, author, { content: 'liked by one' });
    const unwanted = await makePost(app, blocked, { content: 'from someone blocked' });
    // Someone who blacklists `other`: `other` has no list of their own, yet must not see this post.
    const shutting = await registerUser(app);
    const shut = await makePost(app, shutting, { content: 'not for other' });
    const like = await app.inject({ method: 'PUT', url: `/api/posts/${post}/like`, headers: liker.headers });
    expect(like.statusCode).toBe(200);

    const shared = await feedOf(anonymous, 'limit=41');
    expect(shared.items.find((p) => p.id === post)?.liked).toBe(false);
    expect(ids(shared)).toEqual(expect.arrayContaining([unwanted, shut]));
    const mine = (page: FeedPage) => page.items.find((p) => p.id === post);
    expect(mine(await feedOf(liker, 'limit=41'))).toMatchObject({ liked: true, likeCount: 1 });
    expect(mine(await feedOf(other, 'limit=41'))).toMatchObject({ liked: false, favourited: false, likeCount: 1 });
    expect(ids(await feedOf(blocker, 'limit=41'))).toContain(unwanted);

    // Lists, likes and favourites given while the page is shared count at once for the one who gave them.
    expect((await putList(app, blocker, 'blocks', blocked.id)).statusCode).toBe(200);
    expect((await putList(app, shutting, 'blacklist', other.id)).statusCode).toBe(200);
    expect((await app.inject({ method: 'PUT', url: `/api/posts/${post}/like`, headers: other.headers })).statusCode).toBe(200);
    expect((await app.inject({ method: 'PUT', url: `/api/posts/${post}/favourite`, headers: other.headers })).statusCode).toBe(200);
    expect((await app.inject({ method: 'DELETE', url: `/api/posts/${post}/like`, headers: liker.headers })).statusCode).toBe(200);
    const others = await feedOf(other, 'limit=41');
    expect(mine(others)).toMatchObject({ liked: true, favourited: true, likeCount: 1, favouriteCount: 1 });
    expect(ids(others)).not.toContain(shut);
    expect(mine(await feedOf(liker, 'limit=41'))).toMatchObject({ liked: false, likeCount: 1 });
    expect(ids(await feedOf(blocker, 'limit=41'))).not.toContain(unwanted);
    expect(ids(await feedOf(blocker, 'limit=41'))).toContain(post);
    // Readers without a session see the moment's counts; past it they count the new like.
    await sleep(TTL);
    expect(mine(await feedOf(anonymous, 'limit=41'))).toMatchObject({ liked: false, likeCount: 1, favouriteCount: 1 });
    expect(mine(await feedOf(other, 'limit=41'))).toMatchObject({ liked: true, likeCount: 1, favouriteCount: 1 });
  });

  it("counts a reader's own like and favourite at once, while others see the moment's counts", async () => {
    const post = await makePost(app, await registerUser(app), { content: 'about to be liked' });
    const reader = await registerUser(app);
    const find = (page: FeedPage) => page.items.find((p) => p.id === post);
    expect(find(await feedOf(reader, 'limit=44'))).toMatchObject({ liked: false, likeCount: 0, favouriteCount: 0 });
    expect((await app.inject({ method: 'PUT', url: `/api/posts/${post}/like`, headers: reader.headers })).statusCode).toBe(200);
    expect((await app.inject({ method: 'PUT', url: `/api/posts/${post}/favourite`, headers: reader.headers })).statusCode).toBe(200);
    // No flag without its count: a refresh right after liking never shows "liked" beside the old number.
    expect(find(await feedOf(reader, 'limit=44'))).toMatchObject({ liked: true, favourited: true, likeCount: 1, favouriteCount: 1 });
    expect(find(await feedOf(anonymous, 'limit=44'))).toMatchObject({ likeCount: 0 });
  });

  it('asks a reader\'s marks alone the same as with their session', async () => {
    const author = await registerUser(app);
    const reader = await registerUser(app);
    const [liked, plain] = [await makePost(app, author, { content: 'liked' }), await makePost(app, author, { content: 'not liked' })];
    expect((await app.inject({ method: 'PUT', url: `/api/posts/${liked}/favourite`, headers: reader.headers })).statusCode).toBe(200);
    expect((await app.inject({ method: 'PUT', url: `/api/posts/${liked}/like`, headers: reader.headers })).statusCode).toBe(200);
    const ask = viewerOnPage([liked, plain], [author.id], plain);
    const alone = await askAbout(app.db, reader.id, ask);
    expect(alone).toEqual({ liked: [liked], favourited: [liked], counts: { [liked]: [1, 1], [plain]: [0, 0] }, own: false });
    const withSession = await app.inject({ method: 'GET', url: '/api/posts?limit=43', headers: as(reader) });
    expect(data<FeedPage>(withSession).items.find((p) => p.id === liked)).toMatchObject({ liked: true, favourited: true });
    // The author has posts from the page's lowest id on: the page is not theirs to share.
    expect(await askAbout(app.db, author.id, ask)).toMatchObject({ own: true });
  });

  it("reads a signed-in reader's session and their marks in one statement", async () => {
    const reader = await registerUser(app);
    await makePost(app, reader, { content: 'warms the page' });
    const other = await registerUser(app);
    await feedOf(anonymous, 'limit=31');
    const statements = vi.spyOn(app.db, 'query');
    try {
      const page = await feedOf(other, 'limit=31');
      expect(page.items.length).toBeGreaterThan(0);
      // The session lookup carries the page's question (http/context.ts, readerAsking): were it
      // dropped, the marks would be asked in a second statement.
      expect(statements.mock.calls.map(([text]) => String(text).replace(/\s+/g, ' ').slice(0, 60))).toHaveLength(1);
    } finally {
      statements.mockRestore();
    }
  });

  it('refuses a session ended while the page is shared, at once', async () => {
    const reader = await registerUser(app);
    await makePost(app, await registerUser(app), { content: 'read by one who leaves' });
    expect((await app.inject({ method: 'GET', url: '/api/posts?limit=42', headers: as(reader) })).statusCode).toBe(200);
    expect((await app.inject({ method: 'POST', url: '/api/auth/logout', headers: reader.headers })).statusCode).toBe(200);
    expectError(await app.inject({ method: 'GET', url: '/api/posts?limit=42', headers: as(reader) }), 'token_invalid');
  });

  it('sends the same bytes, ETag and encodings as an answer that is not shared', async () => {
    const author = await registerUser(app);
    for (let i = 0; i < 8; i++) await makePost(app, author, { content: `Post ${i}: my controller setup for racing games, with the back paddles on shift` });
    await sleep(TTL);
    const get = (headers: Record<string, string>) => app.inject({ method: 'GET', url: '/api/posts?limit=12', headers: { ...as(anonymous), ...headers } });
    const plain = await get({});
    expect(plain.headers['content-encoding']).toBeUndefined();
    // A signed-in stranger (no likes, no lists, no posts here) reads the same page, the same bytes.
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

describe('a search is run once a moment for everyone who asks it', () => {
  const search = (viewer: Actor | typeof anonymous, q: string, extra = '') => feedOf(viewer, `limit=20&q=${encodeURIComponent(q)}${extra}`);

  it('shows a new post within the moment, at once to its author, and never a blocked author\'s post to the blocker', async () => {
    const [author, blocked, blocker, reader] = [await registerUser(app), await registerUser(app), await registerUser(app), await registerUser(app)];
    expect((await putList(app, blocker, 'blocks', blocked.id)).statusCode).toBe(200);
    const first = await makePost(app, author, { content: 'zorblaxe paddles, first' });
    const hidden = await makePost(app, blocked, { content: 'zorblaxe paddles by someone blocked' });
    for (const order of ['', '&sort=new', '&sort=popular']) {
      expect(ids(await search(anonymous, 'zorblaxe', order)).sort(), order).toEqual([first, hidden].sort());
      expect(ids(await search(reader, 'zorblaxe', order)).sort(), order).toEqual([first, hidden].sort());
      expect(ids(await search(blocker, 'zorblaxe', order)), order).toEqual([first]);
    }

    const second = await makePost(app, author, { content: 'zorblaxe paddles, second' });
    // Shared: the answer of a moment ago, signed in or not, in each order.
    expect(ids(await search(anonymous, 'zorblaxe'))).not.toContain(second);
    expect(ids(await search(anonymous, 'zorblaxe', '&sort=new'))).toEqual([hidden, first]);
    expect(ids(await search(reader, 'zorblaxe', '&sort=new'))).toEqual([hidden, first]);
    // Its author and a reader with lists run their own, at once.
    expect(ids(await search(author, 'zorblaxe', '&sort=new'))).toEqual([second, hidden, first]);
    expect(ids(await search(author, 'zorblaxe'))).toContain(second);
    expect(ids(await search(blocker, 'zorblaxe', '&sort=new'))).toEqual([second, first]);
    // Other words are another answer.
    expect(ids(await search(anonymous, 'zorblaxe paddles', '&sort=new'))).toEqual([second, hidden, first]);

    await sleep(TTL);
    for (const viewer of [anonymous, reader]) expect(ids(await search(viewer, 'zorblaxe', '&sort=new'))).toEqual([second, hidden, first]);
    expect(ids(await search(blocker, 'zorblaxe', '&sort=new'))).toEqual([second, first]);
  });

  it("keeps a signed-in reader's likes and personal filters their own on a shared answer", async () => {
    const author = await registerUser(app);
    const [liker, filtering] = [await registerUser(app), await registerUser(app)];
    const plain = await makePost(app, author, { content: 'quarvelle grips' });
    const spoiler = await makePost(app, author, { content: 'quarvelle grips, a spoiler' });
    expect(ids(await search(anonymous, 'quarvelle', '&sort=new'))).toEqual([spoiler, plain]);
    // Given while the answer is shared: counted at once for the one who gave it.
    expect((await app.inject({ method: 'PUT', url: `/api/posts/${plain}/like`, headers: liker.headers })).statusCode).toBe(200);
    const liked = await search(liker, 'quarvelle', '&sort=new');
    expect(liked.items.find((p) => p.id === plain)).toMatchObject({ liked: true, likeCount: 1 });
    expect((await search(anonymous, 'quarvelle', '&sort=new')).items.find((p) => p.id === plain)).toMatchObject({ liked: false, likeCount: 0 });
    const added = await app.inject({ method: 'POST', url: '/api/me/filters', headers: filtering.headers, payload: { words: [{ word: 'spoiler' }], action: 'hide', contexts: ['search'] } });
    expect(added.statusCode).toBe(200);
    expect(ids(await search(filtering, 'quarvelle', '&sort=new'))).toEqual([plain]);
    expect(ids(await search(filtering, 'quarvelle'))).toEqual([plain]);
  });
});

describe.runIf(app.db.kind === 'postgres')('a shared search whose first asker leaves (PostgreSQL)', () => {
  it('is cancelled on the server, and the others who asked it meanwhile run it again and get their answer', async () => {
    const author = await registerUser(app);
    const post = await makePost(app, author, { content: 'vorplenix triggers' });
    await app.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.app.server.address() as AddressInfo;
    // Searches wait on this lock: running, as far as the server knows, until cancelled or let go.
    const { release, hold } = await holdPosts(app.db);
    const waiting = () => lockWaiters(app.db);
    const path = `/api/posts?limit=20&q=vorplenix`;
    const leader = httpGet({ host: '127.0.0.1', port, path, headers: { accorgid: ORG } });
    leader.on('error', () => undefined);
    expect(await until(async () => (await waiting()).length === 1)).toBe(true);
    const [first] = await waiting();
    // Asked while the first asker's search runs: it waits for that one, not a search of its own.
    const follower = app.inject({ method: 'GET', url: path, headers: as(anonymous) });
    await sleep(100);
    expect(await waiting()).toEqual([first]);
    leader.destroy();
    // The leader's search is cancelled; the follower's own takes its place, still behind the lock.
    expect(await until(async () => {
      const now = await waiting();
      return now.length === 1 && now[0] !== first;
    })).toBe(true);
    release();
    await hold;
    const answer = await follower;
    expect(answer.statusCode).toBe(200);
    expect(ids(JSON.parse(answer.body).data as FeedPage)).toEqual([post]);
    await app.app.close();
  });
});
