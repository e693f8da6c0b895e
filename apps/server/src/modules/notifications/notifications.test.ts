import { describe, expect, it } from 'vitest';
import { errorCatalogue } from '@padhub/contracts';
import { buildTestApp, data, ORG, registerUser } from '#server-test/helper.ts';
import { makePost } from '#server/modules/community/test-fixtures.ts';
import { inbox, unread } from './test-fixtures.ts';

const app = await buildTestApp({ REGISTER_LIMIT_PER_IP: '1000' });
const anonymous = { accorgid: ORG };
const request = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Record<string, string>, payload?: object) =>
  app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

async function comment(postId: string, headers: Record<string, string>, replyTo?: string): Promise<string> {
  return data<{ id: string }>(await request('POST', `/api/posts/${postId}/comments`, headers, { content: 'Which firmware?', ...(replyTo ? { replyTo } : {}) })).id;
}

describe('notifications of answers', () => {
  it('tells the post author of a comment once, and the comment author of a reply, never oneself', async () => {
    const [author, commenter] = [await registerUser(app), await registerUser(app)];
    const postId = await makePost(app, author);
    const c = await comment(postId, commenter.headers);
    const r = await comment(postId, author.headers, c);
    await comment(postId, author.headers);
    const mine = await inbox(app, author);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ type: 'comment', actorCount: 1, read: false, target: { type: 'comment', id: c, postId, rootId: null, excerpt: 'Which firmware?', gone: false } });
    expect(mine[0]!.actors.map((a) => a.id)).toEqual([commenter.id]);
    const theirs = await inbox(app, commenter);
    expect(theirs.map((n) => n.type)).toEqual(['reply']);
    // A reply opens in its thread: the item names the comment that holds it.
    expect(theirs[0]!.target).toMatchObject({ type: 'comment', id: r, postId, rootId: c });
    expect(await unread(app, author)).toBe(1);
    expect(await inbox(app, author, 'conversations')).toHaveLength(1);
  });

  it('creates nothing from someone the recipient blocked, and drops an actor blocked since', async () => {
    const [author, blocked, later] = [await registerUser(app), await registerUser(app), await registerUser(app)];
    data(await request('PUT', `/api/blocks/${blocked.id}`, author.headers));
    const postId = await makePost(app, author);
    await comment(postId, blocked.headers);
    expect(await inbox(app, author)).toEqual([]);
    await comment(postId, later.headers);
    expect(await inbox(app, author)).toHaveLength(1);
    data(await request('PUT', `/api/blocks/${later.id}`, author.headers));
    expect(await inbox(app, author)).toEqual([]);
  });

  it('shows a deleted target as a tombstone', async () => {
    const [author, commenter] = [await registerUser(app), await registerUser(app)];
    const postId = await makePost(app, author);
    const c = await comment(postId, commenter.headers);
    data(await request('DELETE', `/api/comments/${c}`, commenter.headers));
    const [item] = await inbox(app, author);
    expect(item!.target).toMatchObject({ id: c, excerpt: null, gone: true });
  });
});

describe('grouped likes', () => {
  it('groups likes of one post, newest actor first, moves up on a new actor, and ungroups on unlike', async () => {
    const author = await registerUser(app);
    const likers = [await registerUser(app), await registerUser(app), await registerUser(app), await registerUser(app)];
    const first = await makePost(app, author);
    const second = await makePost(app, author);
    for (const liker of likers) data(await request('PUT', `/api/posts/${first}/like`, liker.headers));
    // A repeat like changes nothing.
    data(await request('PUT', `/api/posts/${first}/like`, likers[0]!.headers));
    data(await request('PUT', `/api/posts/${second}/like`, likers[0]!.headers));
    let items = await inbox(app, author);
    expect(items.map((n) => n.target.id)).toEqual([second, first]);
    expect(items[1]).toMatchObject({ type: 'post_like', actorCount: 4 });
    expect(items[1]!.actors.map((a) => a.id)).toEqual([likers[3]!.id, likers[2]!.id, likers[1]!.id]);
    expect(await unread(app, author)).toBe(2);

    data(await request('DELETE', `/api/posts/${first}/like`, likers[3]!.headers));
    items = await inbox(app, author);
    expect(items[1]).toMatchObject({ actorCount: 3 });
    expect(items[1]!.actors.map((a) => a.id)).toEqual([likers[2]!.id, likers[1]!.id, likers[0]!.id]);
    data(await request('PUT', `/api/posts/${first}/like`, likers[3]!.headers));
    expect((await inbox(app, author)).map((n) => n.target.id)).toEqual([first, second]);

    for (const liker of likers) data(await request('DELETE', `/api/posts/${first}/like`, liker.headers));
    expect((await inbox(app, author)).map((n) => n.target.id)).toEqual([second]);
    expect(await unread(app, author)).toBe(1);
  });

  it('groups comment likes, never for one’s own like', async () => {
    const [author, liker] = [await registerUser(app), await registerUser(app)];
    const postId = await makePost(app, liker);
    const c = await comment(postId, author.headers);
    data(await request('PUT', `/api/comments/${c}/like`, author.headers));
    expect(await inbox(app, author)).toEqual([]);
    data(await request('PUT', `/api/comments/${c}/like`, liker.headers));
    expect((await inbox(app, author)).map((n) => [n.type, n.target.postId])).toEqual([['comment_like', postId]]);
  });

  it('makes a read group unread again when someone new joins', async () => {
    const [author, a, b] = [await registerUser(app), await registerUser(app), await registerUser(app)];
    const postId = await makePost(app, author);
    data(await request('PUT', `/api/posts/${postId}/like`, a.headers));
    data(await request('POST', '/api/notifications/read', author.headers, {}));
    expect(await unread(app, author)).toBe(0);
    data(await request('PUT', `/api/posts/${postId}/like`, b.headers));
    expect(await unread(app, author)).toBe(1);
    expect((await inbox(app, author))[0]).toMatchObject({ read: false, actorCount: 2 });
  });
});

describe('POST /api/notifications/read', () => {
  it('marks the given ids, ignores another person’s, and marks all without ids', async () => {
    const [author, other, liker] = [await registerUser(app), await registerUser(app), await registerUser(app)];
    for (const owner of [author, other]) {
      const postId = await makePost(app, owner);
      data(await request('PUT', `/api/posts/${postId}/like`, liker.headers));
      await comment(postId, liker.headers);
    }
    const [mine, theirs] = [await inbox(app, author), await inbox(app, other)];
    data(await request('POST', '/api/notifications/read', author.headers, { ids: [mine[0]!.id, theirs[0]!.id] }));
    expect(await unread(app, author)).toBe(1);
    expect(await unread(app, other)).toBe(2);
    expect((await inbox(app, other)).every((n) => !n.read)).toBe(true);
    data(await request('POST', '/api/notifications/read', author.headers));
    expect(await unread(app, author)).toBe(0);
    expect((await inbox(app, author)).every((n) => n.read)).toBe(true);
  });

  it('refuses bad ids and anonymous callers', async () => {
    const me = await registerUser(app);
    expect((await request('POST', '/api/notifications/read', me.headers, { ids: ['x'] })).statusCode).toBe(400);
    for (const [method, url] of [['GET', '/api/notifications'], ['GET', '/api/notifications/unread'], ['POST', '/api/notifications/read'], ['GET', '/api/me/notification-settings']] as const) {
      const res = await request(method, url, anonymous);
      expect(res.json().code, url).toBe(errorCatalogue.login_required.code);
    }
    expect((await request('GET', '/api/notifications?filter=everything', me.headers)).statusCode).toBe(400);
    expect((await request('GET', '/api/notifications?cursor=abc', me.headers)).statusCode).toBe(400);
  });
});

describe('GET /api/notifications paging', () => {
  it('pages newest first with a cursor', async () => {
    const [author, commenter] = [await registerUser(app), await registerUser(app)];
    const postId = await makePost(app, author);
    const ids = [];
    for (let i = 0; i < 5; i++) ids.push(await comment(postId, commenter.headers));
    const first = data(await request('GET', '/api/notifications?limit=3', author.headers));
    const second = data(await request('GET', `/api/notifications?limit=3&cursor=${first.nextCursor}`, author.headers));
    expect([...first.items, ...second.items].map((n: { target: { id: string } }) => n.target.id)).toEqual(ids.reverse());
    expect(second.nextCursor).toBeNull();
  });
});

describe('notification settings', () => {
  it('answers every type on by default, keeps changes, and a type off creates nothing', async () => {
    const [author, liker] = [await registerUser(app), await registerUser(app)];
    const defaults = data(await request('GET', '/api/me/notification-settings', author.headers));
    expect(defaults.post_like).toEqual({ inbox: true, push: true });
    expect(Object.keys(defaults)).toContain('report_outcome');
    const saved = data(await request('PUT', '/api/me/notification-settings', author.headers, { post_like: { inbox: false, push: true } }));
    expect(saved.post_like).toEqual({ inbox: false, push: true });
    expect(saved.comment).toEqual({ inbox: true, push: true });
    expect(data(await request('GET', '/api/me/notification-settings', liker.headers)).post_like).toEqual({ inbox: true, push: true });
    const postId = await makePost(app, author);
    data(await request('PUT', `/api/posts/${postId}/like`, liker.headers));
    expect(await inbox(app, author)).toEqual([]);
    expect(await unread(app, author)).toBe(0);
    expect((await request('PUT', '/api/me/notification-settings', author.headers, { nonsense: { inbox: true, push: true } })).statusCode).toBe(400);
    expect((await request('PUT', '/api/me/notification-settings', author.headers, { post_like: { inbox: 'yes' } })).statusCode).toBe(400);
    expect((await request('PUT', '/api/me/notification-settings', anonymous, {})).json().code).toBe(errorCatalogue.login_required.code);
  });
});
