import { describe, expect, it } from 'vitest';
import { buildTestApp, data, OTHER_ORG, ORG, registerUser } from '#server-test/helper.ts';
import { openSse } from '#server-test/sse.ts';
import { makePost } from '#server/modules/community/test-fixtures.ts';
import { commentOn, expectError, putList, registerStaff } from '#server/modules/safety/test-fixtures.ts';
import { liveOn, opened, until } from './test-fixtures.ts';

const app = await buildTestApp();
const { origin, stream } = await liveOn(app);

describe('the live stream', () => {
  it("tells those on a post of a new comment and the new counts, and the post's author of the notification and unread count", async () => {
    const author = await registerUser(app);
    const reader = await registerUser(app);
    const commenter = await registerUser(app);
    const postId = await makePost(app, author);
    const onPost = await opened(stream(`?post=${postId}`, reader));
    const anonymous = await opened(stream(`?post=${postId}`, { org: ORG }));
    const bell = await opened(stream('', author));

    const created = data(await commentOn(app, commenter, postId, 'Same here, the left stick drifts'));
    for (const s of [onPost, anonymous]) {
      expect((await s.next((e) => e.type === 'comment')).data).toEqual({ postId, id: created.id, rootId: null, action: 'created' });
      expect((await s.next((e) => e.type === 'counts')).data).toEqual({ postId, likeCount: 0, commentCount: 1 });
    }
    const notification = await bell.next((e) => e.type === 'notification');
    expect(notification.data).toMatchObject({ type: 'comment', target: { type: 'comment', id: created.id }, read: false });
    expect(notification.data.actors.map((a: { id: string }) => a.id)).toEqual([commenter.id]);
    expect((await bell.next((e) => e.type === 'unread')).data).toEqual({ count: 1 });

    await app.inject({ method: 'PUT', url: `/api/posts/${postId}/like`, headers: reader.headers });
    expect((await onPost.next((e) => e.type === 'counts')).data).toEqual({ postId, likeCount: 1, commentCount: 1 });
    expect((await bell.next((e) => e.type === 'unread')).data).toEqual({ count: 2 });

    await app.inject({ method: 'PATCH', url: `/api/comments/${created.id}`, headers: commenter.headers, payload: { content: 'Edited: both sticks' } });
    expect((await onPost.next((e) => e.type === 'comment')).data.action).toBe('edited');
    await app.inject({ method: 'DELETE', url: `/api/comments/${created.id}`, headers: commenter.headers });
    expect((await onPost.next((e) => e.type === 'comment')).data.action).toBe('deleted');
    expect((await onPost.next((e) => e.type === 'counts')).data).toEqual({ postId, likeCount: 1, commentCount: 0 });

    await app.inject({ method: 'POST', url: '/api/notifications/read', headers: author.headers, payload: {} });
    expect((await bell.next((e) => e.type === 'unread')).data).toEqual({ count: 0 });
    // Ids rise in the order events were published.
    const ids = onPost.events.map((e) => BigInt(e.id!));
    expect(ids).toEqual([...ids].sort((a, b) => (a < b ? -1 : 1)));
    for (const s of [onPost, anonymous, bell]) s.close();
  });

  it('never tells a viewer of what a read would not show them: blocked authors, posts under review, another organisation', async () => {
    const author = await registerUser(app);
    const blocker = await registerUser(app);
    const other = await registerUser(app);
    const postId = await makePost(app, author);
    expect((await putList(app, blocker, 'blocks', other.id)).statusCode).toBe(200);
    const blockerWatch = await opened(stream(`?post=${postId}`, blocker));
    const authorWatch = await opened(stream(`?post=${postId}`, author));
    const foreign = await opened(stream(`?post=${postId}`, await registerUser(app, { org: OTHER_ORG })));

    const hidden = data(await commentOn(app, other, postId, 'from someone the viewer blocked'));
    const seen = data(await commentOn(app, author, postId, 'from the author'));
    // The author sees both; the one who blocked `other` learns only of the author's comment, with a count that leaves the blocked one out.
    expect((await authorWatch.next((e) => e.type === 'comment')).data.id).toBe(hidden.id);
    expect((await authorWatch.next((e) => e.type === 'comment')).data.id).toBe(seen.id);
    expect((await blockerWatch.next((e) => e.type === 'comment')).data.id).toBe(seen.id);
    expect(blockerWatch.events.filter((e) => e.type === 'comment').map((e) => e.data.id)).toEqual([seen.id]);
    // Counts are rendered when delivered (the newest state): both comments exist by then for the author, one for the blocker.
    await until(() => blockerWatch.events.filter((e) => e.type === 'counts').length === 2);
    await until(() => authorWatch.events.filter((e) => e.type === 'counts').length === 2);
    expect(authorWatch.events.at(-1)).toMatchObject({ type: 'counts', data: { commentCount: 2 } });
    expect(blockerWatch.events.filter((e) => e.type === 'counts').map((e) => e.data.commentCount)).not.toContain(2);
    expect(foreign.events).toEqual([]);

    // A post waiting for review is its author's alone: nobody else hears of its comments.
    const pending = await makePost(app, author, { reviewStatus: 'pending' });
    const outsider = await opened(stream(`?post=${pending}`, other));
    const own = await opened(stream(`?post=${pending}`, author));
    await commentOn(app, author, pending, 'a note on my own pending post');
    await own.next((e) => e.type === 'comment');
    await own.next((e) => e.type === 'counts');
    expect(outsider.events).toEqual([]);
    for (const s of [blockerWatch, authorWatch, foreign, outsider, own]) s.close();
  });

  it('replays what a client missed after its last id, in order, and says reset after a longer gap', async () => {
    const author = await registerUser(app);
    const commenter = await registerUser(app);
    const postId = await makePost(app, author);
    const first = await opened(stream('', author));
    const last = first.lastId()!;
    first.close();
    await first.ended;

    const one = data(await commentOn(app, commenter, postId, 'first while away'));
    const two = data(await commentOn(app, commenter, postId, 'second while away'));
    const again = await stream('', author, { 'last-event-id': last });
    const replayed = [await again.next((e) => e.type === 'notification'), await again.next((e) => e.type === 'notification')];
    expect(replayed.map((e) => e.data.target.id)).toEqual([one.id, two.id]);
    const resumeFrom = again.lastId()!;
    again.close();

    // The same through the query, as a client that cannot send the header.
    const byQuery = await stream(`?lastEventId=${last}&post=${postId}`, author);
    await byQuery.next((e) => e.type === 'comment' && e.data.id === one.id);
    await byQuery.next((e) => e.type === 'comment' && e.data.id === two.id);
    byQuery.close();

    await app.db.query(`update live_events set created_at = now() - interval '6 minutes' where id = $1`, [resumeFrom]);
    const late = await stream('', author, { 'last-event-id': resumeFrom });
    const reset = await late.next(() => true);
    expect(reset.type).toBe('reset');
    expect(BigInt(reset.id!)).toBeGreaterThanOrEqual(BigInt(resumeFrom));
    late.close();
  });

  it('opens for EventSource with a ticket, once, and refuses the queue to someone not staff', async () => {
    const person = await registerUser(app);
    const anonymousTicket = await app.inject({ method: 'POST', url: '/api/events/ticket', headers: { accorgid: ORG } });
    expectError(anonymousTicket, 'login_required');
    const { ticket } = data(await app.inject({ method: 'POST', url: '/api/events/ticket', headers: person.headers }));
    expect(ticket).toMatch(/^[\w-]{20,}$/);

    const foreign = await openSse(`${origin}/api/events?ticket=${ticket}`, { accorgid: OTHER_ORG });
    expect(foreign.status).toBe(401);
    // As EventSource opens it: no header at all, the organisation in the query.
    expect((await openSse(`${origin}/api/events?ticket=${ticket}`)).status).toBe(400);
    expectError(await app.inject({ method: 'GET', url: `/api/posts?accorgid=${ORG}` }), 'organisation_required');
    const byTicket = await opened(openSse(`${origin}/api/events?ticket=${ticket}&accorgid=${ORG}`));
    const postId = await makePost(app, person);
    await commentOn(app, await registerUser(app), postId, 'heard through a ticket');
    expect((await byTicket.next((e) => e.type === 'unread')).data).toEqual({ count: 1 });
    byTicket.close();
    const reused = await openSse(`${origin}/api/events?ticket=${ticket}`, { accorgid: ORG });
    expect(reused.status).toBe(401);

    expect((await stream('?queue=1', person)).status).toBe(403);
    expect((await stream('?post=abc', person)).status).toBe(400);
    const moderator = await registerStaff(app, 'moderator');
    const queue = await opened(stream('?queue=1', moderator));
    expect(queue.status).toBe(200);
    queue.close();
  });
});
