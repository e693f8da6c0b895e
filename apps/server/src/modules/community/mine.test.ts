import { describe, expect, it } from 'vitest';
import { errorCatalogue, type MyComment, type Post } from '@padhub/contracts';
import { type Actor, buildTestApp, data, ORG, OTHER_ORG, registerUser } from '#server-test/helper.ts';
import { makePost } from './test-fixtures.ts';

const app = await buildTestApp();
const alice = await registerUser(app);
const bob = await registerUser(app);
const stranger = await registerUser(app, { org: OTHER_ORG });

type Page<T> = { items: T[]; nextCursor: string | null };

async function all<T extends { id: string }>(actor: Actor, path: string, limit = '2'): Promise<T[]> {
  const items: T[] = [];
  let cursor: string | null = null;
  do {
    const page: Page<T> = data(await app.inject({ method: 'GET', url: `/api/me/${path}`, headers: actor.headers, query: { limit, ...(cursor ? { cursor } : {}) } }));
    items.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor);
  return items;
}

const put = (url: string, actor: Actor) => app.inject({ method: 'PUT', url, headers: actor.headers });

describe('GET /api/me/posts', () => {
  it('lists all my posts newest first, with their review status and reason, without deleted ones', async () => {
    const passed = await makePost(app, alice, { content: 'passed' });
    const pending = await makePost(app, alice, { content: 'pending', reviewStatus: 'pending' });
    const refused = await makePost(app, alice, { content: 'refused', reviewStatus: 'not_passed', reviewReason: 'off topic' });
    const deleted = await makePost(app, alice, { content: 'deleted' });
    data(await app.inject({ method: 'DELETE', url: `/api/posts/${deleted}`, headers: alice.headers }));
    await makePost(app, bob, { content: 'not mine' });

    const mine = await all<Post>(alice, 'posts');
    expect(mine.map((p) => [p.id, p.reviewStatus, p.reviewReason])).toEqual([
      [refused, 'not_passed', 'off topic'],
      [pending, 'pending', null],
      [passed, 'passed', null],
    ]);
  });
});

describe('GET /api/me/comments', () => {
  it('lists my live comments and replies newest first, each with its post id and excerpt', async () => {
    const long = 'A long post about remapping the back paddles on the Elite X so that jumping never leaves the right stick';
    const postId = await makePost(app, bob, { content: long });
    const top = data(await app.inject({ method: 'POST', url: `/api/posts/${postId}/comments`, headers: bob.headers, payload: { content: 'top' } }));
    const c1 = data(await app.inject({ method: 'POST', url: `/api/posts/${postId}/comments`, headers: alice.headers, payload: { content: 'mine 1' } }));
    const r1 = data(await app.inject({ method: 'POST', url: `/api/posts/${postId}/comments`, headers: alice.headers, payload: { content: 'my reply', replyTo: top.id } }));
    const gone = data(await app.inject({ method: 'POST', url: `/api/posts/${postId}/comments`, headers: alice.headers, payload: { content: 'gone' } }));
    data(await app.inject({ method: 'DELETE', url: `/api/comments/${gone.id}`, headers: alice.headers }));
    const deletedPost = await makePost(app, bob);
    data(await app.inject({ method: 'POST', url: `/api/posts/${deletedPost}/comments`, headers: alice.headers, payload: { content: 'on a post that goes' } }));
    data(await app.inject({ method: 'DELETE', url: `/api/posts/${deletedPost}`, headers: bob.headers }));

    const mine = await all<MyComment>(alice, 'comments', '1');
    expect(mine.map((c) => c.id)).toEqual([r1.id, c1.id]);
    expect(mine[0]).toMatchObject({ postId, content: 'my reply', rootId: top.id, replyToAuthor: { id: bob.id }, postExcerpt: long.slice(0, 80), postLang: 'cn', replyToExcerpt: 'top' });
    expect(mine[1]).toMatchObject({ id: c1.id, replyTo: null, replyToExcerpt: '' });
  });

  it('quotes the comment a reply answered only while that comment shows to me', async () => {
    const carol = await registerUser(app);
    const postId = await makePost(app, bob, { content: 'a post', lang: 'jp' });
    const said = async (actor: Actor, content: string, replyTo?: string) =>
      data(await app.inject({ method: 'POST', url: `/api/posts/${postId}/comments`, headers: actor.headers, payload: { content, ...(replyTo ? { replyTo } : {}) } }));
    const deleted = await said(bob, 'soon deleted');
    const blocked = await said(carol, 'by someone I block');
    const kept = await said(bob, 'x'.repeat(120));
    const replies = [await said(alice, 'to deleted', deleted.id), await said(alice, 'to blocked', blocked.id), await said(alice, 'to kept', kept.id)];
    data(await app.inject({ method: 'DELETE', url: `/api/comments/${deleted.id}`, headers: bob.headers }));
    data(await put(`/api/blocks/${carol.id}`, alice));

    const mine = (await all<MyComment>(alice, 'comments', '20')).filter((c) => c.postId === postId);
    expect(mine.map((c) => [c.id, c.replyToExcerpt, c.postLang])).toEqual([
      [replies[2]!.id, 'x'.repeat(80), 'jp'],
      [replies[1]!.id, '', 'jp'],
      [replies[0]!.id, '', 'jp'],
    ]);
  });
});

describe.each([
  ['likes', 'like'],
  ['favourites', 'favourite'],
] as const)('GET /api/me/%s', (path, action) => {
  it('lists the posts I acted on, the most recent first, without undone or deleted ones', async () => {
    const a = await makePost(app, bob);
    const b = await makePost(app, bob);
    const c = await makePost(app, bob);
    const d = await makePost(app, bob);
    for (const id of [b, a, c, d]) data(await put(`/api/posts/${id}/${action}`, alice));
    data(await app.inject({ method: 'DELETE', url: `/api/posts/${c}/${action}`, headers: alice.headers }));
    data(await app.inject({ method: 'DELETE', url: `/api/posts/${d}`, headers: bob.headers }));
    data(await put(`/api/posts/${a}/${action}`, bob));

    const mine = await all<Post>(alice, path);
    expect(mine.map((p) => p.id)).toEqual([a, b]);
    expect(mine.every((p) => (action === 'like' ? p.liked : p.favourited))).toBe(true);
    expect((await all<Post>(bob, path)).map((p) => p.id)).toEqual([a]);
  });
});

describe.each(['posts', 'comments', 'likes', 'favourites'])('GET /api/me/%s', (path) => {
  it('needs login', async () => {
    const res = await app.inject({ method: 'GET', url: `/api/me/${path}`, headers: { accorgid: ORG } });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe(errorCatalogue.login_required.code);
  });

  it('refuses bad paging input and cursors of other lists', async () => {
    const bad = await app.inject({ method: 'GET', url: `/api/me/${path}`, headers: alice.headers, query: { limit: '100' } });
    expect(bad.json().code).toBe(errorCatalogue.validation_failed.code);
    for (let i = 0; i < 2; i++) await makePost(app, bob);
    const feed = data(await app.inject({ method: 'GET', url: '/api/posts', headers: alice.headers, query: { limit: '1' } }));
    expect(feed.nextCursor).not.toBeNull();
    const foreign = await app.inject({ method: 'GET', url: `/api/me/${path}`, headers: alice.headers, query: { cursor: feed.nextCursor } });
    expect(foreign.statusCode).toBe(400);
  });

  it('shows nothing of another organisation', async () => {
    await makePost(app, stranger, { lang: 'en' });
    expect(await all(stranger, path)).toHaveLength(path === 'posts' ? 1 : 0);
    expect((await app.inject({ method: 'GET', url: `/api/me/${path}`, headers: { ...stranger.headers, accorgid: ORG } })).statusCode).toBe(401);
  });
});
