import { describe, expect, it } from 'vitest';
import type { Post } from '@padhub/contracts';
import { type Actor, buildTestApp, data, OTHER_ORG, ORG, registerUser } from '#server-test/helper.ts';
import type { SseStream } from '#server-test/sse.ts';
import { makePost } from '#server/modules/community/test-fixtures.ts';
import { makeConfig } from '#server/modules/configs/test-fixtures.ts';
import { createPost } from '#server/modules/posting/test-fixtures.ts';
import { commentOn, putList, registerStaff, report } from '#server/modules/safety/test-fixtures.ts';
import { liveOn, opened } from './test-fixtures.ts';

const app = await buildTestApp({ REGISTER_LIMIT_PER_IP: '1000' });
const { stream } = await liveOn(app);
const marker = await makePost(app, await registerUser(app));
const like = (actor: Actor, url: string) => app.inject({ method: 'PUT', url, headers: actor.headers });

/**
 * Every stream here also watches `marker`; a like on it reaches each of them after whatever was
 * published before it, on the same connection, so a stream that got the marker's counts and not an
 * event was never sent that event.
 */
async function settled(streams: SseStream[]): Promise<void> {
  expect((await like(await registerUser(app), `/api/posts/${marker}/like`)).statusCode).toBe(200);
  for (const s of streams) await s.next((e) => e.type === 'counts' && e.data.postId === marker);
}
const of = (s: SseStream, type: string) => s.events.filter((e) => e.type === type);

describe('what publishes to the live stream', () => {
  it("a comment's likes reach those who see the comment, and nobody who blocked its author", async () => {
    const author = await registerUser(app);
    const commenter = await registerUser(app);
    const blocker = await registerUser(app);
    const postId = await makePost(app, author);
    const comment = data(await commentOn(app, commenter, postId, 'Try the trigger stops'));
    expect((await putList(app, blocker, 'blocks', commenter.id)).statusCode).toBe(200);
    const reader = await opened(stream(`?post=${postId}`, author));
    const hidden = await opened(stream(`?post=${postId}`, blocker));

    expect((await like(author, `/api/comments/${comment.id}/like`)).statusCode).toBe(200);
    // The comment's own counts (published after its answer, through PostgreSQL's notifications) may
    // still reach a stream opened since: the like's are those that carry the comment.
    expect((await reader.next((e) => e.type === 'counts' && e.data.postId === postId && e.data.comment !== undefined)).data).toEqual({
      postId,
      likeCount: 0,
      commentCount: 1,
      comment: { id: comment.id, likeCount: 1 },
    });
    // The post's own likes still reach the blocker, after the comment's would have.
    expect((await like(author, `/api/posts/${postId}/like`)).statusCode).toBe(200);
    expect((await hidden.next((e) => e.type === 'counts' && e.data.likeCount === 1)).data).toEqual({ postId, likeCount: 1, commentCount: 0 });
    expect(of(hidden, 'counts').filter((e) => e.data.comment)).toEqual([]);
    reader.close();
    hidden.close();
  });

  it('a new post reaches the feeds a read would show it in: its language and model, the following feed of followers, not who blocked its author', async () => {
    const author = await registerUser(app);
    const follower = await registerUser(app);
    const stranger = await registerUser(app);
    const blocker = await registerUser(app);
    expect((await app.inject({ method: 'PUT', url: `/api/users/${author.id}/follow`, headers: follower.headers })).statusCode).toBe(200);
    expect((await putList(app, blocker, 'blocks', author.id)).statusCode).toBe(200);
    const watch = (query: string, who: Actor | { org: string }) => opened(stream(`?feed=${query}&post=${marker}`, who));
    const shown = [
      await watch('new&lang=cn', { org: ORG }),
      await watch('new&lang=all', stranger),
      await watch('new&lang=cn&model=pro-2', stranger),
      await watch('following&lang=cn', follower),
    ];
    const notShown = [
      await watch('new&lang=en', stranger),
      await watch('new&lang=cn&model=lite', stranger),
      await watch('following&lang=cn', stranger),
      await watch('new&lang=cn', blocker),
      await watch('new&lang=cn', await registerUser(app, { org: OTHER_ORG })),
    ];
    data<Post>(await createPost(app, author, { content: 'My pro-2 back paddles', model: 'pro-2' }, { lang: 'cn' }));
    for (const s of shown) expect((await s.next((e) => e.type === 'posts')).data).toEqual({ count: 1 });
    await settled(notShown.slice(0, 4));
    for (const s of notShown) expect(of(s, 'posts')).toEqual([]);
    for (const s of [...shown, ...notShown]) s.close();
  });

  it('a post passed by review reaches the feeds then, once; staff see the queue and the reports move, and stop when no longer staff', async () => {
    const author = await registerUser(app);
    const reporter = await registerUser(app);
    const moderator = await registerStaff(app, 'moderator');
    const demoted = await registerStaff(app, 'moderator');
    const admin = await registerStaff(app, 'admin');
    const pending = await makePost(app, author, { reviewStatus: 'pending' });
    const feed = await opened(stream(`?feed=new&lang=cn&post=${marker}`, { org: ORG }));
    const queue = await opened(stream('?queue=1', moderator));
    // Another organisation's staff (their stream cannot watch this organisation's marker post).
    const foreign = await opened(stream('?queue=1', await registerStaff(app, 'moderator', { org: OTHER_ORG })));
    const gone = await opened(stream(`?queue=1&post=${marker}`, demoted));
    const act = (url: string, payload: object, who: Actor = moderator) => app.inject({ method: url.includes('/role') ? 'PUT' : 'POST', url, headers: who.headers, payload });
    expect((await act(`/api/admin/users/${demoted.id}/role`, { role: 'user', reason: 'stepped down' }, admin)).statusCode).toBe(200);
    // Every moderation action recounts (this one changed nothing waiting).
    const first = (await queue.next((e) => e.type === 'queue')).data;

    const reported = await makePost(app, author);
    expect((await report(app, reporter, { targetType: 'post', targetId: reported, reason: 'spam' })).statusCode).toBe(200);
    const before = (await queue.next((e) => e.type === 'queue')).data;
    expect(before).toEqual({ ...first, openReports: first.openReports + 1 });
    expect((await act(`/api/admin/posts/${pending}/pass`, { reason: 'fine' })).statusCode).toBe(200);
    expect((await feed.next((e) => e.type === 'posts')).data).toEqual({ count: 1 });
    expect((await queue.next((e) => e.type === 'queue')).data).toEqual({ ...before, pendingPosts: before.pendingPosts - 1 });
    expect((await act('/api/admin/reports/dismiss', { targetType: 'post', targetId: reported, reason: 'not spam' })).statusCode).toBe(200);
    expect((await queue.next((e) => e.type === 'queue')).data).toEqual({ pendingPosts: before.pendingPosts - 1, openReports: before.openReports - 1 });

    // Passed again (a reported post under post-moderation is passed as it stands): not new to any feed.
    expect((await act(`/api/admin/posts/${pending}/pass`, { reason: 'still fine' })).statusCode).toBe(200);
    await settled([feed, gone]);
    expect(of(feed, 'posts')).toHaveLength(1);
    expect(of(foreign, 'queue')).toEqual([]);
    expect(of(gone, 'queue')).toEqual([]);
    for (const s of [feed, queue, foreign, gone]) s.close();
  });

  it("an open configuration's applies and likes reach those who may read it, and nobody who blocked its owner", async () => {
    const owner = await registerUser(app);
    const config = await makeConfig(app, owner);
    await makePost(app, owner, { configIds: [config.id] });
    const blocked = await registerUser(app);
    expect((await putList(app, blocked, 'blocks', owner.id)).statusCode).toBe(200);
    const reader = await opened(stream(`?config=${config.id}`, { org: ORG }));
    const hidden = await opened(stream(`?config=${config.id}&post=${marker}`, blocked));

    const fan = await registerUser(app);
    expect(data<{ applyCount: number }>(await app.inject({ method: 'POST', url: `/api/configs/${config.id}/applies`, headers: fan.headers })).applyCount).toBe(1);
    expect((await reader.next((e) => e.type === 'configs')).data).toEqual({ id: config.id, appliedCount: 1, likeCount: 0 });
    expect((await like(fan, `/api/configs/${config.id}/like`)).statusCode).toBe(200);
    expect((await reader.next((e) => e.type === 'configs')).data).toEqual({ id: config.id, appliedCount: 1, likeCount: 1 });
    // A repeat changes nothing and says nothing.
    expect((await like(fan, `/api/configs/${config.id}/like`)).statusCode).toBe(200);
    await settled([hidden]);
    expect(of(hidden, 'configs')).toEqual([]);
    expect(of(reader, 'configs')).toHaveLength(2);
    reader.close();
    hidden.close();
  });
});
