import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import type { Comment, Page } from '@padhub/contracts';
import { type Actor, buildTestApp, data, ORG, registerUser } from '#server-test/helper.ts';
import { commentOn, expectError, putList } from '#server/modules/safety/test-fixtures.ts';
import { as, makePost } from './test-fixtures.ts';

// The comments' side of shared-feed.test.ts: the same moment, the same way of reading.
const TTL = 1500;
const app = await buildTestApp({ FEED_CACHE_MS: String(TTL), REGISTER_LIMIT_PER_IP: '1000' });
const anonymous = { org: ORG };

describe("a post's first comment page is read once a moment for everyone", () => {
  const pageOf = async (viewer: Actor | typeof anonymous, postId: string) =>
    data<Page<Comment>>(await app.inject({ method: 'GET', url: `/api/posts/${postId}/comments?limit=20`, headers: as(viewer) })).items;
  const commentsOf = async (viewer: Actor | typeof anonymous, postId: string) => (await pageOf(viewer, postId)).map((c) => c.content);

  it('shows a new comment to its writer at once, and to everyone within the moment', async () => {
    const author = await registerUser(app);
    const [writer, reader] = [await registerUser(app), await registerUser(app)];
    const post = await makePost(app, author, { content: 'talk about it' });
    expect(await commentsOf(anonymous, post)).toEqual([]);
    expect(await commentsOf(reader, post)).toEqual([]);
    expect((await commentOn(app, writer, post, 'first!')).statusCode).toBe(200);

    expect(await commentsOf(anonymous, post)).toEqual([]);
    expect(await commentsOf(reader, post)).toEqual([]);
    expect(await commentsOf(writer, post)).toEqual(['first!']);
    await sleep(TTL);
    expect(await commentsOf(anonymous, post)).toEqual(['first!']);
    expect(await commentsOf(reader, post)).toEqual(['first!']);
    // Deleted while the page that shows it is shared: gone for its writer at once.
    const [first] = await pageOf(writer, post);
    expect((await app.inject({ method: 'DELETE', url: `/api/comments/${first!.id}`, headers: writer.headers })).statusCode).toBe(200);
    expect(await commentsOf(writer, post)).toEqual([]);
  });

  it("keeps each reader's comment likes and lists their own, changed at once", async () => {
    const author = await registerUser(app);
    const [writer, liker, blocker] = [await registerUser(app), await registerUser(app), await registerUser(app)];
    const post = await makePost(app, author, { content: 'comments to like' });
    const comment = data<{ id: string }>(await commentOn(app, writer, post, 'like me')).id;
    const reply = data<{ id: string }>(await commentOn(app, writer, post, 'and my answer', comment)).id;
    expect(await commentsOf(blocker, post)).toEqual(['like me']);

    for (const id of [comment, reply]) expect((await app.inject({ method: 'PUT', url: `/api/comments/${id}/like`, headers: liker.headers })).statusCode).toBe(200);
    const [liked] = await pageOf(liker, post);
    expect(liked).toMatchObject({ id: comment, liked: true, replies: [{ id: reply, liked: true }] });
    const [plain] = await pageOf(anonymous, post);
    expect(plain).toMatchObject({ id: comment, liked: false, replies: [{ id: reply, liked: false }] });
    expect((await putList(app, blocker, 'blocks', writer.id)).statusCode).toBe(200);
    const [blocked] = await pageOf(blocker, post);
    expect(blocked).toMatchObject({ id: comment, deleted: true, author: null, content: '' });
  });

  it('keeps no refusal: a post nobody may open answers not_found each time, and its author still reads it', async () => {
    const author = await registerUser(app);
    const waiting = await makePost(app, author, { content: 'waits for review', reviewStatus: 'pending' });
    const ask = () => app.inject({ method: 'GET', url: `/api/posts/${waiting}/comments?limit=20`, headers: as(anonymous) });
    expectError(await ask(), 'not_found');
    expectError(await ask(), 'not_found');
    expect(await commentsOf(author, waiting)).toEqual([]);
  });
});

