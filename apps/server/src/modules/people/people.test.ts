import { describe, expect, it } from 'vitest';
import { DEREGISTERED_STATE, errorCatalogue, type Profile } from '@padhub/contracts';
import { buildTestApp, data, ORG, OTHER_ORG, registerUser } from '#server-test/helper.ts';
import { makePost } from '#server/modules/community/test-fixtures.ts';
import { inbox } from '#server/modules/notifications/test-fixtures.ts';
import { putList } from '#server/modules/safety/test-fixtures.ts';

const app = await buildTestApp({ REGISTER_LIMIT_PER_IP: '1000' });
const anonymous = { accorgid: ORG };
const request = (method: 'GET' | 'PUT' | 'DELETE' | 'PATCH', url: string, headers: Record<string, string>, payload?: object) =>
  app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
const profile = async (id: string, headers: Record<string, string> = anonymous) => data<Profile>(await request('GET', `/api/users/${id}`, headers));
const code = (res: { json: () => { code: number } }) => res.json().code;

describe('GET /api/users/:id', () => {
  it('answers the profile with counts, and hides other organisations’ people', async () => {
    const [alice, bob] = [await registerUser(app), await registerUser(app)];
    const postId = await makePost(app, alice);
    await makePost(app, alice, { reviewStatus: 'pending' });
    data(await request('PUT', `/api/posts/${postId}/like`, bob.headers));
    data(await request('PUT', `/api/users/${alice.id}/follow`, bob.headers));
    expect(await profile(alice.id, bob.headers)).toMatchObject({
      user: { id: alice.id, username: alice.username },
      bio: '',
      postCount: 1,
      likeCount: 1,
      followerCount: 1,
      followingCount: 0,
      following: true,
      blocked: false,
    });
    expect((await profile(alice.id)).following).toBe(false);
    const stranger = await registerUser(app, { org: OTHER_ORG });
    expect(code(await request('GET', `/api/users/${stranger.id}`, anonymous))).toBe(errorCatalogue.not_found.code);
    expect((await request('GET', '/api/users/abc', anonymous)).statusCode).toBe(400);
  });

  it('says a deregistered account no longer exists, and a blocked one is blocked', async () => {
    const [gone, viewer] = [await registerUser(app), await registerUser(app)];
    data(await request('DELETE', '/api/me', gone.headers));
    expect((await profile(gone.id)).user).toMatchObject({ state: DEREGISTERED_STATE, username: '' });
    const blocked = await registerUser(app);
    data(await request('PUT', `/api/blocks/${blocked.id}`, viewer.headers));
    expect((await profile(blocked.id, viewer.headers)).blocked).toBe(true);
  });
});

describe('GET /api/users/named/:username', () => {
  it('answers the profile an @mention names, in any case; not another organisation’s, nor a malformed name', async () => {
    const alice = await registerUser(app);
    expect(data<Profile>(await request('GET', `/api/users/named/${alice.username.toUpperCase()}`, anonymous)).user.id).toBe(alice.id);
    const stranger = await registerUser(app, { org: OTHER_ORG });
    expect(code(await request('GET', `/api/users/named/${stranger.username}`, anonymous))).toBe(errorCatalogue.not_found.code);
    expect((await request('GET', '/api/users/named/a%20b', anonymous)).statusCode).toBe(400);
  });
});

describe('PUT/DELETE /api/users/:id/follow', () => {
  it('follows idempotently, counts once, notifies once (grouped), and unfollows', async () => {
    const [star, a, b] = [await registerUser(app), await registerUser(app), await registerUser(app)];
    expect(data(await request('PUT', `/api/users/${star.id}/follow`, a.headers))).toEqual({ following: true, followerCount: 1 });
    expect(data(await request('PUT', `/api/users/${star.id}/follow`, a.headers))).toEqual({ following: true, followerCount: 1 });
    data(await request('PUT', `/api/users/${star.id}/follow`, b.headers));
    const items = await inbox(app, star);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ type: 'follow', actorCount: 2, target: { type: 'user', id: star.id } });
    expect((await profile(a.id)).followingCount).toBe(1);
    const followers = data(await request('GET', `/api/users/${star.id}/followers`, anonymous));
    expect(followers.items.map((f: { user: { id: string } }) => f.user.id)).toEqual([b.id, a.id]);
    const following = data(await request('GET', `/api/users/${a.id}/following`, anonymous));
    expect(following.items.map((f: { user: { id: string } }) => f.user.id)).toEqual([star.id]);
    expect(data(await request('DELETE', `/api/users/${star.id}/follow`, a.headers))).toEqual({ following: false, followerCount: 1 });
    expect(data(await request('DELETE', `/api/users/${star.id}/follow`, a.headers))).toEqual({ following: false, followerCount: 1 });
    expect((await inbox(app, star))[0]).toMatchObject({ actorCount: 1 });
  });

  it('refuses oneself, anonymous callers, other organisations and someone who shut you out', async () => {
    const [me, shy] = [await registerUser(app), await registerUser(app)];
    expect(code(await request('PUT', `/api/users/${me.id}/follow`, me.headers))).toBe(errorCatalogue.validation_failed.code);
    expect(code(await request('PUT', `/api/users/${shy.id}/follow`, anonymous))).toBe(errorCatalogue.login_required.code);
    const stranger = await registerUser(app, { org: OTHER_ORG });
    expect(code(await request('PUT', `/api/users/${stranger.id}/follow`, me.headers))).toBe(errorCatalogue.not_found.code);
    data(await request('PUT', `/api/blacklist/${me.id}`, shy.headers));
    expect(code(await request('PUT', `/api/users/${shy.id}/follow`, me.headers))).toBe(errorCatalogue.forbidden.code);
  });

  it('ends follows both ways when one blocks the other', async () => {
    const [a, b] = [await registerUser(app), await registerUser(app)];
    data(await request('PUT', `/api/users/${b.id}/follow`, a.headers));
    data(await request('PUT', `/api/users/${a.id}/follow`, b.headers));
    data(await request('PUT', `/api/blocks/${b.id}`, a.headers));
    expect(await profile(a.id)).toMatchObject({ followerCount: 0, followingCount: 0 });
    expect(await profile(b.id)).toMatchObject({ followerCount: 0, followingCount: 0 });
  });
});

describe('the following feed and a person’s posts', () => {
  it('lists posts of people I follow only, and needs login', async () => {
    const [me, followed, other] = [await registerUser(app), await registerUser(app), await registerUser(app)];
    const theirs = await makePost(app, followed);
    await makePost(app, other);
    data(await request('PUT', `/api/users/${followed.id}/follow`, me.headers));
    const feed = data(await request('GET', '/api/posts?feed=following', me.headers));
    expect(feed.items.map((p: { id: string }) => p.id)).toEqual([theirs]);
    expect(code(await request('GET', '/api/posts?feed=following', anonymous))).toBe(errorCatalogue.login_required.code);
    expect((await request('GET', '/api/posts?feed=friends', me.headers)).statusCode).toBe(400);
    const posts = data(await request('GET', `/api/users/${followed.id}/posts?limit=1`, anonymous));
    expect(posts.items.map((p: { id: string }) => p.id)).toEqual([theirs]);
  });
});

describe('PATCH /api/me and GET /api/users?q=', () => {
  it('sets the bio within 160 characters', async () => {
    const me = await registerUser(app);
    expect(data(await request('PATCH', '/api/me', me.headers, { bio: 'Fighting games on a Lite' })).bio).toBe('Fighting games on a Lite');
    expect((await profile(me.id)).bio).toBe('Fighting games on a Lite');
    expect((await request('PATCH', '/api/me', me.headers, { bio: 'x'.repeat(161) })).statusCode).toBe(400);
    expect(code(await request('PATCH', '/api/me', anonymous, { bio: 'hi' }))).toBe(errorCatalogue.login_required.code);
  });

  it('changes the nickname, alone or with the bio, and leaves out what is not given; others see the new name', async () => {
    const me = await registerUser(app);
    const other = await registerUser(app);
    data(await request('PATCH', '/api/me', me.headers, { bio: 'Kept as it was' }));
    const changed = data<Profile>(await request('PATCH', '/api/me', me.headers, { nickname: '  パッド職人  ' }));
    expect(changed).toMatchObject({ user: { nickname: 'パッド職人' }, bio: 'Kept as it was' });
    expect((await profile(me.id, other.headers)).user.nickname).toBe('パッド職人');
    expect(data<{ nickname: string }>(await request('GET', '/api/me', me.headers)).nickname).toBe('パッド職人');
    expect(data<Profile>(await request('PATCH', '/api/me', me.headers, { nickname: '수동 매크로', bio: '' }))).toMatchObject({ user: { nickname: '수동 매크로' }, bio: '' });
  });

  it('refuses an empty or too long nickname, and a change of nothing, keeping the name', async () => {
    const me = await registerUser(app);
    data(await request('PATCH', '/api/me', me.headers, { nickname: 'Steady' }));
    for (const payload of [{ nickname: '   ' }, { nickname: 'x'.repeat(41) }, {}, { nickname: 7 }]) {
      const res = await request('PATCH', '/api/me', me.headers, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(code(res)).toBe(errorCatalogue.validation_failed.code);
    }
    expect((await profile(me.id)).user.nickname).toBe('Steady');
    expect(code(await request('PATCH', '/api/me', anonymous, { nickname: 'Nobody' }))).toBe(errorCatalogue.login_required.code);
  });

  it('lets a person change their profile 20 times a day, then says when to try again', async () => {
    const me = await registerUser(app);
    for (let i = 0; i < 20; i++) data(await request('PATCH', '/api/me', me.headers, { nickname: `name ${i}` }));
    const refused = await request('PATCH', '/api/me', me.headers, { nickname: 'one too many' });
    expect(code(refused)).toBe(errorCatalogue.rate_limited.code);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await profile(me.id)).user.nickname).toBe('name 19');
  });

  it('suggests people of the organisation by prefix', async () => {
    const me = await registerUser(app);
    const named = await registerUser(app, { username: `mentionme${process.pid}` });
    await registerUser(app, { org: OTHER_ORG, username: `mentionme${process.pid}x` });
    const found = data(await request('GET', `/api/users?q=MentionMe${process.pid}`, me.headers));
    expect(found.items.map((u: { id: string }) => u.id)).toEqual([named.id]);
    expect((await request('GET', '/api/users?q=', me.headers)).statusCode).toBe(400);
    expect(code(await request('GET', '/api/users?q=abc', anonymous))).toBe(errorCatalogue.login_required.code);
  });

  it('leaves out whoever blocked or blacklisted the asker, and whoever the asker did, each way', async () => {
    const me = await registerUser(app, { username: `asker${process.pid}` });
    const prefix = `listed${process.pid}`;
    const [blockedMe, blacklistedMe, iBlocked, iBlacklisted, nobody] = [
      await registerUser(app, { username: `${prefix}a` }),
      await registerUser(app, { username: `${prefix}b` }),
      await registerUser(app, { username: `${prefix}c` }),
      await registerUser(app, { username: `${prefix}d` }),
      await registerUser(app, { username: `${prefix}e` }),
    ];
    const suggested = async (asker = me) => data<{ items: { id: string }[] }>(await request('GET', `/api/users?q=${prefix}`, asker.headers)).items.map((u) => u.id);
    expect(await suggested()).toEqual([blockedMe.id, blacklistedMe.id, iBlocked.id, iBlacklisted.id, nobody.id]);
    expect((await putList(app, blockedMe, 'blocks', me.id)).statusCode).toBe(200);
    expect((await putList(app, blacklistedMe, 'blacklist', me.id)).statusCode).toBe(200);
    expect((await putList(app, me, 'blocks', iBlocked.id)).statusCode).toBe(200);
    expect((await putList(app, me, 'blacklist', iBlacklisted.id)).statusCode).toBe(200);
    expect(await suggested()).toEqual([nobody.id]);
    // The other way round too: those on my lists do not find me, nor do I find those whose lists I am on.
    const mine = `/api/users?q=${me.username}`;
    for (const other of [blockedMe, blacklistedMe, iBlocked, iBlacklisted]) expect(data<{ items: unknown[] }>(await request('GET', mine, other.headers)).items).toEqual([]);
    expect(data<{ items: { id: string }[] }>(await request('GET', mine, nobody.headers)).items.map((u) => u.id)).toEqual([me.id]);
  });
});
