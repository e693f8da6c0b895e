import { describe, expect, it } from 'vitest';
import type { Comment, CommentItem, Page, Post } from '@padhub/contracts';
import { type Actor, buildTestApp, data, ORG, OTHER_ORG, registerUser } from '#server-test/helper.ts';
import { expectError } from '#server/modules/safety/test-fixtures.ts';
import { as, makePost } from './test-fixtures.ts';

const app = await buildTestApp();
const [alice, bob, carol] = [await registerUser(app), await registerUser(app), await registerUser(app)];
const stranger = await registerUser(app, { org: OTHER_ORG });
const anonymous = { accorgid: ORG };

const comment = async (actor: Actor, postId: string, content: string, replyTo?: string) =>
  data<Comment>(await app.inject({ method: 'POST', url: `/api/posts/${postId}/comments`, headers: actor.headers, payload: { content, ...(replyTo ? { replyTo } : {}) } }));
const list = async (postId: string, query: Record<string, string> = {}, headers: Record<string, string> = as(bob)) =>
  data<Page<Comment>>(await app.inject({ method: 'GET', url: `/api/posts/${postId}/comments`, headers, query }));
const replies = async (commentId: string, query: Record<string, string> = {}) =>
  data<Page<CommentItem> & { comment: CommentItem }>(await app.inject({ method: 'GET', url: `/api/comments/${commentId}/replies`, headers: as(bob), query }));
const remove = (actor: { headers: Record<string, string> }, id: string) => app.inject({ method: 'DELETE', url: `/api/comments/${id}`, headers: actor.headers });
const commentCount = async (postId: string) => data<Post>(await app.inject({ method: 'GET', url: `/api/posts/${postId}`, headers: as(alice) })).commentCount;

describe('POST /api/posts/:id/comments', () => {
  it('comments on a post, trimmed, and counts it', async () => {
    const postId = await makePost(app, alice);
    const created = await comment(bob, postId, '  Great macro!  ');
    expect(created).toMatchObject({
      postId,
      author: { id: bob.id, username: bob.username },
      content: 'Great macro!',
      rootId: null,
      replyTo: null,
      replyToAuthor: null,
      likeCount: 0,
      replyCount: 0,
      liked: false,
      deleted: false,
    });
    expect(await commentCount(postId)).toBe(1);
  });

  it('replies to a comment and to a reply, in the thread of the top-level comment, naming whom it answers', async () => {
    const postId = await makePost(app, alice);
    const top = await comment(alice, postId, 'Which firmware?');
    const reply = await comment(bob, postId, 'The latest one', top.id);
    expect(reply).toMatchObject({ rootId: top.id, replyTo: top.id, replyToAuthor: { id: alice.id } });
    const answer = await comment(carol, postId, 'Same here', reply.id);
    expect(answer).toMatchObject({ rootId: top.id, replyTo: reply.id, replyToAuthor: { id: bob.id, username: bob.username } });
    expect(await commentCount(postId)).toBe(3);
    expect((await list(postId)).items[0]!.replyCount).toBe(2);
  });

  it('refuses a replyTo of another post, of nothing, or deleted', async () => {
    const postId = await makePost(app, alice);
    const otherPost = await makePost(app, alice);
    const elsewhere = await comment(alice, otherPost, 'elsewhere');
    expectError(await app.inject({ method: 'POST', url: `/api/posts/${postId}/comments`, headers: bob.headers, payload: { content: 'x', replyTo: elsewhere.id } }), 'not_found');
    expectError(await app.inject({ method: 'POST', url: `/api/posts/${postId}/comments`, headers: bob.headers, payload: { content: 'x', replyTo: '99999999' } }), 'not_found');
    const gone = await comment(alice, postId, 'soon gone');
    data(await remove(alice, gone.id));
    expectError(await app.inject({ method: 'POST', url: `/api/posts/${postId}/comments`, headers: bob.headers, payload: { content: 'x', replyTo: gone.id } }), 'not_found');
    expect(await commentCount(postId)).toBe(0);
  });

  it.each([
    [{ content: '   ' }, 'body.content'],
    [{ content: 'x'.repeat(2001) }, 'body.content'],
    [{}, 'body.content'],
    [{ content: 'ok', replyTo: 'abc' }, 'body.replyTo'],
  ])('refuses %o with the validation code', async (payload, path) => {
    const postId = await makePost(app, alice);
    const res = await app.inject({ method: 'POST', url: `/api/posts/${postId}/comments`, headers: { ...bob.headers, 'accept-language': 'en' }, payload });
    expectError(res, 'validation_failed');
    expect(res.json().data.issues.map((i: { path: string }) => i.path)).toContain(path);
  });

  it('needs login', async () => {
    const postId = await makePost(app, alice);
    expectError(await app.inject({ method: 'POST', url: `/api/posts/${postId}/comments`, headers: anonymous, payload: { content: 'hi' } }), 'login_required');
  });

  it('cannot reach a post of another organisation, or one under review that is not yours', async () => {
    const postId = await makePost(app, alice);
    expectError(await app.inject({ method: 'POST', url: `/api/posts/${postId}/comments`, headers: stranger.headers, payload: { content: 'hi' } }), 'not_found');
    const pending = await makePost(app, alice, { reviewStatus: 'pending' });
    expectError(await app.inject({ method: 'POST', url: `/api/posts/${pending}/comments`, headers: bob.headers, payload: { content: 'hi' } }), 'not_found');
    await comment(alice, pending, 'a note on my own post');
  });
});

describe('GET /api/posts/:id/comments', () => {
  it('lists top-level comments oldest first, each with its reply count and first two replies, in pages', async () => {
    const postId = await makePost(app, alice);
    const tops: Comment[] = [];
    for (let i = 0; i < 5; i++) tops.push(await comment(i % 2 ? bob : carol, postId, `comment ${i}`));
    const threadReplies: string[] = [];
    for (let i = 0; i < 3; i++) threadReplies.push((await comment(alice, postId, `reply ${i}`, tops[1]!.id)).id);

    const first = await list(postId, { limit: '2' });
    expect(first.items.map((c) => c.content)).toEqual(['comment 0', 'comment 1']);
    expect(first.items[0]!.replies).toEqual([]);
    expect(first.items[1]!.replyCount).toBe(3);
    expect(first.items[1]!.replies!.map((r) => r.id)).toEqual(threadReplies.slice(0, 2));
    const second = await list(postId, { limit: '2', cursor: first.nextCursor! });
    const third = await list(postId, { limit: '2', cursor: second.nextCursor! });
    expect([...second.items, ...third.items].map((c) => c.content)).toEqual(['comment 2', 'comment 3', 'comment 4']);
    expect(third.nextCursor).toBeNull();
  });

  it('is readable anonymously; another organisation and bad input are refused', async () => {
    const postId = await makePost(app, alice);
    await comment(bob, postId, 'hello');
    expect((await list(postId, {}, anonymous)).items[0]).toMatchObject({ content: 'hello', liked: false });
    expectError(await app.inject({ method: 'GET', url: `/api/posts/${postId}/comments`, headers: stranger.headers }), 'not_found');
    expectError(await app.inject({ method: 'GET', url: `/api/posts/${postId}/comments`, headers: as(bob), query: { cursor: 'abc' } }), 'validation_failed');
    expectError(await app.inject({ method: 'GET', url: '/api/posts/nope/comments', headers: as(bob) }), 'validation_failed');
  });
});

describe('GET /api/comments/:id/replies', () => {
  it('answers the comment and all its replies oldest first, in pages', async () => {
    const postId = await makePost(app, alice);
    const top = await comment(alice, postId, 'top');
    const ids: string[] = [];
    let replyTo = top.id;
    for (let i = 0; i < 5; i++) {
      const reply = await comment(i % 2 ? bob : carol, postId, `r${i}`, replyTo);
      ids.push(reply.id);
      replyTo = reply.id;
    }
    const page1 = await replies(top.id, { limit: '3' });
    expect(page1.comment).toMatchObject({ id: top.id, content: 'top', replyCount: 5 });
    const page2 = await replies(top.id, { limit: '3', cursor: page1.nextCursor! });
    expect([...page1.items, ...page2.items].map((r) => r.id)).toEqual(ids);
    expect(page2.nextCursor).toBeNull();
    expect(page2.items[1]).toMatchObject({ replyTo: ids[3], replyToAuthor: { id: bob.id } });
  });

  it('has no page for a reply, another organisation’s comment or a malformed id', async () => {
    const postId = await makePost(app, alice);
    const top = await comment(alice, postId, 'top');
    const reply = await comment(bob, postId, 'reply', top.id);
    expectError(await app.inject({ method: 'GET', url: `/api/comments/${reply.id}/replies`, headers: as(bob) }), 'not_found');
    expectError(await app.inject({ method: 'GET', url: `/api/comments/${top.id}/replies`, headers: stranger.headers }), 'not_found');
    expectError(await app.inject({ method: 'GET', url: '/api/comments/-1/replies', headers: as(bob) }), 'validation_failed');
  });
});

describe('GET /api/comments/:id', () => {
  const one = (id: string, headers: Record<string, string> = as(bob)) => app.inject({ method: 'GET', url: `/api/comments/${id}`, headers });

  it('answers a comment or a reply with its author, to anyone who may read its post', async () => {
    const postId = await makePost(app, alice);
    const top = await comment(carol, postId, 'the turbo macro is unfair');
    const reply = await comment(alice, postId, 'it is allowed here', top.id);
    expect(data<CommentItem>(await one(top.id))).toMatchObject({ id: top.id, postId, content: 'the turbo macro is unfair', author: { id: carol.id }, rootId: null });
    expect(data<CommentItem>(await one(reply.id, anonymous))).toMatchObject({ id: reply.id, rootId: top.id, replyTo: top.id, author: { id: alice.id } });
  });

  it('refuses an id that is not one', async () => {
    expectError(await one('abc'), 'validation_failed');
    expectError(await one('0'), 'validation_failed');
  });

  it('still shows a comment to someone who blocked its author (they report what they blocked), never to whom the post’s author blacklisted', async () => {
    const postId = await makePost(app, alice);
    const top = await comment(carol, postId, 'blocked, then reported');
    const dave = await registerUser(app);
    data(await app.inject({ method: 'PUT', url: `/api/blocks/${carol.id}`, headers: dave.headers }));
    expect(data<CommentItem>(await one(top.id, dave.headers))).toMatchObject({ content: 'blocked, then reported', deleted: false });
    const erin = await registerUser(app);
    data(await app.inject({ method: 'PUT', url: `/api/blacklist/${erin.id}`, headers: alice.headers }));
    expectError(await one(top.id, erin.headers), 'not_found');
  });

  it('tells nobody of a comment they may not read: another organisation’s, a deleted one without replies', async () => {
    const postId = await makePost(app, alice);
    const top = await comment(carol, postId, 'seen by some');
    expectError(await one(top.id, stranger.headers), 'not_found');
    expect((await remove(carol, top.id)).statusCode).toBe(200);
    expectError(await one(top.id), 'not_found');
  });
});

describe('DELETE /api/comments/:id', () => {
  it('removes the author’s comment without replies from the list and the count', async () => {
    const postId = await makePost(app, alice);
    const keep = await comment(bob, postId, 'keep');
    const gone = await comment(bob, postId, 'gone');
    data(await remove(bob, gone.id));
    expect((await list(postId)).items.map((c) => c.id)).toEqual([keep.id]);
    expect(await commentCount(postId)).toBe(1);
    expectError(await remove(bob, gone.id), 'not_found');
  });

  it('keeps a deleted comment with replies in its place, emptied, until its replies are gone', async () => {
    const postId = await makePost(app, alice);
    const top = await comment(bob, postId, 'secret words');
    const r1 = await comment(alice, postId, 'answer', top.id);
    const r2 = await comment(carol, postId, 'answer to answer', r1.id);
    data(await remove(bob, top.id));

    const [shown] = (await list(postId)).items;
    expect(shown).toMatchObject({ id: top.id, deleted: true, content: '', replyCount: 2 });
    const thread = await replies(top.id);
    expect(thread.comment).toMatchObject({ deleted: true, content: '' });
    expect(thread.items.map((r) => r.id)).toEqual([r1.id, r2.id]);
    expect(await commentCount(postId)).toBe(2);

    // A deleted reply stays while a reply answers it, then goes with it.
    data(await remove(alice, r1.id));
    expect((await replies(top.id)).items.map((r) => [r.id, r.deleted, r.content])).toEqual([
      [r1.id, true, ''],
      [r2.id, false, 'answer to answer'],
    ]);
    data(await remove(carol, r2.id));
    expect((await list(postId)).items).toEqual([]);
    expectError(await app.inject({ method: 'GET', url: `/api/comments/${top.id}/replies`, headers: as(bob) }), 'not_found');
    expect(await commentCount(postId)).toBe(0);
  });

  it('forbids deleting someone else’s comment, needs login, and cannot reach another organisation', async () => {
    const postId = await makePost(app, alice);
    const mine = await comment(bob, postId, 'mine');
    expectError(await remove(alice, mine.id), 'forbidden');
    expectError(await remove({ headers: anonymous }, mine.id), 'login_required');
    expectError(await remove(stranger, mine.id), 'not_found');
    expectError(await remove(bob, 'abc'), 'validation_failed');
    expect((await list(postId)).items.map((c) => c.id)).toEqual([mine.id]);
  });

  it('counts once when the author deletes twice at the same time', async () => {
    const postId = await makePost(app, alice);
    const top = await comment(bob, postId, 'top');
    const reply = await comment(bob, postId, 'reply', top.id);
    const answers = await Promise.all([remove(bob, reply.id), remove(bob, reply.id), remove(bob, reply.id)]);
    expect(answers.filter((r) => r.statusCode === 200).length).toBeGreaterThanOrEqual(1);
    expect(await commentCount(postId)).toBe(1);
    expect((await list(postId)).items[0]!.replyCount).toBe(0);
  });
});

describe('comment counters under concurrency', () => {
  it('count every comment, reply and delete made at the same time, without deadlocks', async () => {
    const postId = await makePost(app, alice);
    const top = await comment(alice, postId, 'top');
    const actors = [alice, bob, carol];
    const created = await Promise.all(
      Array.from({ length: 24 }, (_, i) => comment(actors[i % 3]!, postId, `parallel ${i}`, i % 2 ? top.id : undefined)),
    );
    expect(await commentCount(postId)).toBe(25);
    expect((await replies(top.id, { limit: '50' })).comment.replyCount).toBe(12);

    // Replies and their thread's comment deleted together: each path locks the post row first.
    const mine = created.filter((c) => c.author?.id === alice.id);
    const answers = await Promise.all([...mine, top].map((c) => remove(alice, c.id)));
    expect(answers.map((r) => r.statusCode)).toEqual(answers.map(() => 200));
    expect(await commentCount(postId)).toBe(25 - mine.length - 1);
    const [row] = await app.db.query<{ reply_count: number }>('select reply_count from comments where id = $1', [top.id]);
    expect(row!.reply_count).toBe(12 - mine.filter((c) => c.rootId === top.id).length);
  });
});

describe('a deregistered commenter', () => {
  it('disappears from others, or leaves a deleted place where replies hang', async () => {
    const leaver = await registerUser(app);
    const postId = await makePost(app, alice);
    await comment(leaver, postId, 'nobody answers');
    const answered = await comment(leaver, postId, 'someone answers');
    await comment(bob, postId, 'I do', answered.id);
    data(await app.inject({ method: 'DELETE', url: '/api/me', headers: leaver.headers }));
    const items = (await list(postId)).items;
    expect(items.map((c) => c.id)).toEqual([answered.id]);
    expect(items[0]).toMatchObject({ deleted: true, content: '', author: null });
  });
});

describe('what I wrote stays mine', () => {
  it('lists and deletes my comment after the post’s author blacklists me', async () => {
    const author = await registerUser(app);
    const writer = await registerUser(app);
    const postId = await makePost(app, author);
    const mine = await comment(writer, postId, 'a comment I may want to take back');
    data(await app.inject({ method: 'PUT', url: `/api/blacklist/${writer.id}`, headers: author.headers }));

    const listed = data<Page<CommentItem>>(await app.inject({ method: 'GET', url: '/api/me/comments', headers: writer.headers }));
    expect(listed.items.map((c) => c.id)).toContain(mine.id);
    expect((await remove(writer, mine.id)).statusCode).toBe(200);
    expect(data<Page<CommentItem>>(await app.inject({ method: 'GET', url: '/api/me/comments', headers: writer.headers })).items.map((c) => c.id)).not.toContain(mine.id);
  });

  it('deletes my comment after I block the post’s author, and still refuses anyone else', async () => {
    const author = await registerUser(app);
    const writer = await registerUser(app);
    const postId = await makePost(app, author);
    const mine = await comment(writer, postId, 'another comment');
    data(await app.inject({ method: 'PUT', url: `/api/blocks/${author.id}`, headers: writer.headers }));
    expectError(await remove(author, mine.id), 'forbidden');
    expect((await remove(writer, mine.id)).statusCode).toBe(200);
  });
});
