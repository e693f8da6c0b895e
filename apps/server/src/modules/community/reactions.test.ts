import { describe, expect, it } from 'vitest';
import { errorCatalogue, type Post } from '@padhub/contracts';
import { buildTestApp, data, ORG, OTHER_ORG, registerUser } from '#server-test/helper.ts';
import { as, makePost } from './test-fixtures.ts';

// Many accounts register from one address here.
const app = await buildTestApp({ REGISTER_LIMIT_PER_IP: '1000' });
const alice = await registerUser(app);
const bob = await registerUser(app);
const stranger = await registerUser(app, { org: OTHER_ORG });
const anonymous = { accorgid: ORG };

const put = (url: string, headers: Record<string, string>) => app.inject({ method: 'PUT', url, headers });
const del = (url: string, headers: Record<string, string>) => app.inject({ method: 'DELETE', url, headers });

async function rowCount(table: string, key: string, id: string) {
  const [row] = await app.db.query<{ n: number }>(`select count(*)::int as n from ${table} where ${key} = $1`, [id]);
  return row!.n;
}

async function newComment(postId: string) {
  return data<{ id: string }>(await app.inject({ method: 'POST', url: `/api/posts/${postId}/comments`, headers: alice.headers, payload: { content: 'nice' } })).id;
}

describe.each([
  ['like', 'liked', 'likeCount'],
  ['favourite', 'favourited', 'favouriteCount'],
] as const)('PUT/DELETE /api/posts/:id/%s', (action, flag, count) => {
  it('turns on and off idempotently and answers the state and the count', async () => {
    const id = await makePost(app, alice);
    const url = `/api/posts/${id}/${action}`;
    expect(data(await put(url, bob.headers))).toEqual({ [flag]: true, [count]: 1 });
    expect(data(await put(url, bob.headers))).toEqual({ [flag]: true, [count]: 1 });
    expect(data(await put(url, alice.headers))).toEqual({ [flag]: true, [count]: 2 });
    const post = data<Post>(await app.inject({ method: 'GET', url: `/api/posts/${id}`, headers: bob.headers }));
    expect(post[flag]).toBe(true);
    expect(post[count]).toBe(2);
    expect(data(await del(url, bob.headers))).toEqual({ [flag]: false, [count]: 1 });
    expect(data(await del(url, bob.headers))).toEqual({ [flag]: false, [count]: 1 });
  });

  it('needs login', async () => {
    const id = await makePost(app, alice);
    const res = await put(`/api/posts/${id}/${action}`, anonymous);
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe(errorCatalogue.login_required.code);
  });

  it('cannot reach another organisation’s post, a hidden one or a malformed id', async () => {
    const id = await makePost(app, alice);
    expect((await put(`/api/posts/${id}/${action}`, stranger.headers)).json().code).toBe(errorCatalogue.not_found.code);
    const pending = await makePost(app, alice, { reviewStatus: 'pending' });
    expect((await put(`/api/posts/${pending}/${action}`, bob.headers)).statusCode).toBe(404);
    expect((await put(`/api/posts/x/${action}`, bob.headers)).json().code).toBe(errorCatalogue.validation_failed.code);
    expect(await rowCount(action === 'like' ? 'post_likes' : 'post_favourites', 'post_id', id)).toBe(0);
  });

  it('counts exactly when 20 users act at once', async () => {
    const id = await makePost(app, alice);
    const users = await Promise.all(Array.from({ length: 20 }, () => registerUser(app)));
    const answers = await Promise.all(users.map((u) => put(`/api/posts/${id}/${action}`, u.headers)));
    expect(answers.every((r) => r.statusCode === 200)).toBe(true);
    const post = data<Post>(await app.inject({ method: 'GET', url: `/api/posts/${id}`, headers: as(alice) }));
    expect(post[count]).toBe(20);
    // Half of them undo, all at once, twice over.
    await Promise.all(users.slice(0, 10).flatMap((u) => [del(`/api/posts/${id}/${action}`, u.headers), del(`/api/posts/${id}/${action}`, u.headers)]));
    const after = data<Post>(await app.inject({ method: 'GET', url: `/api/posts/${id}`, headers: as(alice) }));
    expect(after[count]).toBe(10);
    expect(await rowCount(action === 'like' ? 'post_likes' : 'post_favourites', 'post_id', id)).toBe(10);
  });

  it('keeps the count equal to the rows when one user toggles 20 times in parallel', async () => {
    const id = await makePost(app, alice);
    const url = `/api/posts/${id}/${action}`;
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 === 0 ? put(url, bob.headers) : del(url, bob.headers))));
    expect(answers.every((r) => r.statusCode === 200)).toBe(true);
    const rows = await rowCount(action === 'like' ? 'post_likes' : 'post_favourites', 'post_id', id);
    const post = data<Post>(await app.inject({ method: 'GET', url: `/api/posts/${id}`, headers: bob.headers }));
    expect(rows).toBeLessThanOrEqual(1);
    expect(post[count]).toBe(rows);
    expect(post[flag]).toBe(rows === 1);
    // Settles to a known state afterwards.
    expect(data(await put(url, bob.headers))).toEqual({ [flag]: true, [count]: 1 });
  });
});

describe('PUT/DELETE /api/comments/:id/like', () => {
  it('likes and unlikes idempotently; the comment list shows it', async () => {
    const postId = await makePost(app, alice);
    const commentId = await newComment(postId);
    expect(data(await put(`/api/comments/${commentId}/like`, bob.headers))).toEqual({ liked: true, likeCount: 1 });
    expect(data(await put(`/api/comments/${commentId}/like`, bob.headers))).toEqual({ liked: true, likeCount: 1 });
    const list = data(await app.inject({ method: 'GET', url: `/api/posts/${postId}/comments`, headers: bob.headers }));
    expect(list.items[0]).toMatchObject({ id: commentId, liked: true, likeCount: 1 });
    expect(data(await del(`/api/comments/${commentId}/like`, bob.headers))).toEqual({ liked: false, likeCount: 0 });
  });

  it('counts exactly under parallel likes and toggles', async () => {
    const postId = await makePost(app, alice);
    const commentId = await newComment(postId);
    const users = await Promise.all(Array.from({ length: 20 }, () => registerUser(app)));
    await Promise.all(users.map((u) => put(`/api/comments/${commentId}/like`, u.headers)));
    await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? put : del)(`/api/comments/${commentId}/like`, bob.headers)));
    const rows = await rowCount('comment_likes', 'comment_id', commentId);
    const [row] = await app.db.query<{ like_count: number }>('select like_count from comments where id = $1', [commentId]);
    expect(row!.like_count).toBe(rows);
    expect(rows === 20 || rows === 21).toBe(true);
  });

  it('needs login, and cannot reach a comment of another organisation or a deleted one', async () => {
    const postId = await makePost(app, alice);
    const commentId = await newComment(postId);
    expect((await put(`/api/comments/${commentId}/like`, anonymous)).statusCode).toBe(401);
    expect((await put(`/api/comments/${commentId}/like`, stranger.headers)).statusCode).toBe(404);
    data(await del(`/api/comments/${commentId}`, alice.headers));
    expect((await put(`/api/comments/${commentId}/like`, bob.headers)).statusCode).toBe(404);
    expect((await put('/api/comments/0/like', bob.headers)).statusCode).toBe(400);
  });
});
