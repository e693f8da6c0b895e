import { describe, expect, it } from 'vitest';
import { errorCatalogue, type Post } from '@padhub/contracts';
import { buildTestApp, data, ORG, OTHER_ORG, registerUser } from '#server-test/helper.ts';
import { as, makePost } from './test-fixtures.ts';

const app = await buildTestApp();
const alice = await registerUser(app);
const bob = await registerUser(app);
const stranger = await registerUser(app, { org: OTHER_ORG });
const anonymous = { org: ORG };

type Headers = Record<string, string>;

async function feedPage(headers: Headers, query: Record<string, string> = {}) {
  const res = await app.inject({ method: 'GET', url: '/api/posts', headers, query });
  return data<{ items: Post[]; nextCursor: string | null }>(res);
}

/** Every id of a feed, following cursors to the end. */
async function allIds(headers: Headers, query: Record<string, string> = {}) {
  const ids: string[] = [];
  let cursor: string | null = null;
  do {
    const page = await feedPage(headers, { ...query, ...(cursor ? { cursor } : {}) });
    ids.push(...page.items.map((p) => p.id));
    cursor = page.nextCursor;
  } while (cursor);
  return ids;
}

function expectError(res: { statusCode: number; json(): { code: number } }, key: keyof typeof errorCatalogue) {
  expect(res.statusCode).toBe(errorCatalogue[key].status);
  expect(res.json().code).toBe(errorCatalogue[key].code);
}

describe('GET /api/posts', () => {
  it('lists passed posts of the request language, newest first, with the viewer state', async () => {
    const older = await makePost(app, alice, { content: 'older cn', model: 'feed-basic' });
    const newer = await makePost(app, bob, { content: 'newer cn', model: 'feed-basic' });
    const english = await makePost(app, alice, { content: 'english', lang: 'en', model: 'feed-basic' });
    const pending = await makePost(app, alice, { content: 'pending', model: 'feed-basic', reviewStatus: 'pending' });
    data(await app.inject({ method: 'PUT', url: `/api/posts/${newer}/like`, headers: alice.headers }));

    const page = await feedPage(as(alice, 'cn'), { model: 'feed-basic' });
    expect(page.items.map((p) => p.id)).toEqual([newer, older]);
    expect(page.items[0]).toMatchObject({
      content: 'newer cn',
      lang: 'cn',
      model: 'feed-basic',
      author: { id: bob.id, username: bob.username, state: 0 },
      media: [],
      configs: [],
      likeCount: 1,
      liked: true,
      favourited: false,
      reviewStatus: 'passed',
      reviewReason: null,
    });
    expect(new Date(page.items[0]!.createdAt).getTime()).toBeGreaterThan(0);
    expect(page.nextCursor).toBeNull();
    expect((await feedPage(as(alice, 'en'), { model: 'feed-basic' })).items.map((p) => p.id)).toEqual([english]);
    expect((await allIds(as(alice))).includes(pending)).toBe(false);
  });

  it('serves anonymous readers, with liked false, in the organisation default language without a header', async () => {
    const id = await makePost(app, alice, { model: 'feed-anonymous' });
    data(await app.inject({ method: 'PUT', url: `/api/posts/${id}/like`, headers: alice.headers }));
    const page = await feedPage({ accorgid: ORG }, { model: 'feed-anonymous' });
    expect(page.items).toHaveLength(1);
    expect(page.items[0]).toMatchObject({ id, likeCount: 1, liked: false, favourited: false });
  });

  it('never lists another organisation’s posts', async () => {
    const theirs = await makePost(app, stranger, { lang: 'en', model: 'feed-tenancy' });
    const ours = await makePost(app, alice, { lang: 'en', model: 'feed-tenancy' });
    expect((await feedPage(as(alice, 'en'), { model: 'feed-tenancy' })).items.map((p) => p.id)).toEqual([ours]);
    expect((await feedPage(as(stranger, 'en'), { model: 'feed-tenancy' })).items.map((p) => p.id)).toEqual([theirs]);
  });

  it('filters by posts with configurations', async () => {
    const plain = await makePost(app, alice, { model: 'feed-configs' });
    const withConfig = await makePost(app, alice, { model: 'feed-configs', configIds: ['7'] });
    const page = await feedPage(as(alice), { model: 'feed-configs', hasConfigs: 'true' });
    expect(page.items.map((p) => p.id)).toEqual([withConfig]);
    expect(page.items[0]!.configs).toEqual(['7']);
    expect((await feedPage(as(alice), { model: 'feed-configs', hasConfigs: 'false' })).items.map((p) => p.id)).toEqual([plain]);
  });

  it('pages without gaps or repeats while new posts arrive between fetches', async () => {
    const model = 'feed-arrivals';
    const original: string[] = [];
    for (let i = 0; i < 25; i++) original.push(await makePost(app, alice, { model, content: `post ${i}` }));
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page = await feedPage(as(bob), { model, limit: '10', ...(cursor ? { cursor } : {}) });
      seen.push(...page.items.map((p) => p.id));
      cursor = page.nextCursor;
      pages++;
      // Someone posts while the reader scrolls.
      await makePost(app, bob, { model, content: `arrived after page ${pages}` });
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toEqual([...original].reverse());
  });

  it('orders by popularity (likes and comments) and pages through every post once', async () => {
    const model = 'feed-popular';
    const ids: string[] = [];
    for (let i = 0; i < 7; i++) ids.push(await makePost(app, alice, { model }));
    const scores = [3, 0, 5, 3, 1, 0, 3];
    await Promise.all(ids.map((id, i) => app.db.query('update posts set like_count = $2 where id = $1', [id, scores[i]])));
    await app.db.query('update posts set comment_count = 1 where id = $1', [ids[1]]); // score 2
    const seen = await allIds(as(bob), { model, sort: 'popular', limit: '2' });
    // score desc, then id desc among equal scores
    expect(seen).toEqual([ids[2], ids[6], ids[3], ids[0], ids[1], ids[4], ids[5]]);
  });

  it.each([
    [{ limit: '0' }, 'querystring.limit'],
    [{ limit: '51' }, 'querystring.limit'],
    [{ limit: 'ten' }, 'querystring.limit'],
    [{ limit: '2.5' }, 'querystring.limit'],
    [{ sort: 'hot' }, 'querystring.sort'],
    [{ hasConfigs: 'maybe' }, 'querystring.hasConfigs'],
    [{ cursor: 'not-a-cursor' }, 'querystring.cursor'],
    [{ q: '   ' }, 'querystring.q'],
  ])('refuses %o with the validation code naming the field', async (query, path) => {
    const res = await app.inject({ method: 'GET', url: '/api/posts', headers: as(alice, 'en'), query });
    expectError(res, 'validation_failed');
    expect(res.json().message).toMatch(/not valid/);
    expect(res.json().data.issues.map((i: { path: string }) => i.path)).toContain(path);
  });

  it('refuses a cursor of one ordering in another', async () => {
    const model = 'feed-cursor-kinds';
    for (let i = 0; i < 3; i++) await makePost(app, alice, { model });
    const page = await feedPage(as(alice), { model, limit: '1' });
    expect(page.nextCursor).not.toBeNull();
    const res = await app.inject({ method: 'GET', url: '/api/posts', headers: as(alice), query: { model, sort: 'popular', cursor: page.nextCursor! } });
    expectError(res, 'validation_failed');
  });

  it('refuses a token of another organisation', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/posts', headers: { ...stranger.headers, accorgid: ORG } });
    expectError(res, 'token_invalid');
  });
});

describe('GET /api/posts/:id', () => {
  it('answers a passed post to anyone', async () => {
    const id = await makePost(app, alice, { content: 'detail', media: [{ path: 'u/1/a.jpg', kind: 'image', thumb: 'u/1/a.thumb.jpg', width: 800, height: 600 }] });
    const post = data<Post>(await app.inject({ method: 'GET', url: `/api/posts/${id}`, headers: as(anonymous) }));
    expect(post).toMatchObject({ id, content: 'detail', media: [{ path: 'u/1/a.jpg', kind: 'image', thumb: 'u/1/a.thumb.jpg' }], liked: false });
  });

  it('shows a post under review, with its reason, to its author only', async () => {
    const id = await makePost(app, alice, { reviewStatus: 'not_passed', reviewReason: 'advertising' });
    const own = data<Post>(await app.inject({ method: 'GET', url: `/api/posts/${id}`, headers: as(alice) }));
    expect(own).toMatchObject({ reviewStatus: 'not_passed', reviewReason: 'advertising' });
    expectError(await app.inject({ method: 'GET', url: `/api/posts/${id}`, headers: as(bob) }), 'not_found');
    expectError(await app.inject({ method: 'GET', url: `/api/posts/${id}`, headers: as(anonymous) }), 'not_found');
  });

  it('never sends a review reason to others', async () => {
    const id = await makePost(app, alice, { reviewStatus: 'passed', reviewReason: 'checked by hand' });
    expect(data<Post>(await app.inject({ method: 'GET', url: `/api/posts/${id}`, headers: as(bob) })).reviewReason).toBeNull();
    expect(data<Post>(await app.inject({ method: 'GET', url: `/api/posts/${id}`, headers: as(alice) })).reviewReason).toBe('checked by hand');
  });

  it('answers not_found for another organisation’s post and for ids that do not exist', async () => {
    const theirs = await makePost(app, stranger, { lang: 'en' });
    expectError(await app.inject({ method: 'GET', url: `/api/posts/${theirs}`, headers: as(alice) }), 'not_found');
    expectError(await app.inject({ method: 'GET', url: '/api/posts/999999999', headers: as(alice) }), 'not_found');
  });

  it('refuses an id that is not one', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/posts/abc', headers: as(alice) });
    expectError(res, 'validation_failed');
    expect(res.json().data.issues[0].path).toBe('params.id');
  });

  it('hides a deregistered author’s posts from everyone', async () => {
    const leaver = await registerUser(app);
    const id = await makePost(app, leaver, { model: 'feed-leaver' });
    expect((await feedPage(as(bob), { model: 'feed-leaver' })).items).toHaveLength(1);
    data(await app.inject({ method: 'DELETE', url: '/api/me', headers: leaver.headers }));
    expect((await feedPage(as(bob), { model: 'feed-leaver' })).items).toHaveLength(0);
    expectError(await app.inject({ method: 'GET', url: `/api/posts/${id}`, headers: as(bob) }), 'not_found');
  });
});

describe('DELETE /api/posts/:id', () => {
  it('lets the author delete their post; it is gone everywhere', async () => {
    const id = await makePost(app, alice, { model: 'feed-delete' });
    data(await app.inject({ method: 'DELETE', url: `/api/posts/${id}`, headers: alice.headers }));
    expectError(await app.inject({ method: 'GET', url: `/api/posts/${id}`, headers: as(alice) }), 'not_found');
    expect((await feedPage(as(alice), { model: 'feed-delete' })).items).toHaveLength(0);
    expectError(await app.inject({ method: 'DELETE', url: `/api/posts/${id}`, headers: alice.headers }), 'not_found');
  });

  it('forbids deleting someone else’s post', async () => {
    const id = await makePost(app, alice);
    expectError(await app.inject({ method: 'DELETE', url: `/api/posts/${id}`, headers: bob.headers }), 'forbidden');
    data(await app.inject({ method: 'GET', url: `/api/posts/${id}`, headers: as(bob) }));
  });

  it('needs login', async () => {
    const id = await makePost(app, alice);
    expectError(await app.inject({ method: 'DELETE', url: `/api/posts/${id}`, headers: as(anonymous) }), 'login_required');
  });

  it('cannot reach a post of another organisation', async () => {
    const id = await makePost(app, alice);
    expectError(await app.inject({ method: 'DELETE', url: `/api/posts/${id}`, headers: stranger.headers }), 'not_found');
    data(await app.inject({ method: 'GET', url: `/api/posts/${id}`, headers: as(alice) }));
  });

  it('refuses a malformed id', async () => {
    expectError(await app.inject({ method: 'DELETE', url: '/api/posts/1x', headers: alice.headers }), 'validation_failed');
  });
});
