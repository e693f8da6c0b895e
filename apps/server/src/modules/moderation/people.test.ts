import { describe, expect, it } from 'vitest';
import type { ModeratedUser, Page, Post } from '@padhub/contracts';
import { type Actor, buildTestApp, data, ORG, registerUser } from '#server-test/helper.ts';
import { as, makePost } from '#server/modules/community/test-fixtures.ts';
import { commentOn, expectError, registerStaff } from '#server/modules/safety/test-fixtures.ts';

const app = await buildTestApp({ REGISTER_LIMIT_PER_IP: '1000' });
const moderator = await registerStaff(app, 'moderator');
const admin = await registerStaff(app, 'admin');

const post = (actor: Actor, url: string, payload: object) => app.inject({ method: 'POST', url, headers: actor.headers, payload });
const ban = (actor: Actor, userId: string, days: number | null, reason = 'Spam bot') => post(actor, `/api/admin/users/${userId}/ban`, { reason, days });
const login = (username: string) =>
  app.inject({ method: 'POST', url: '/api/auth/login', headers: { accorgid: ORG }, payload: { username, password: 'correct horse battery' } });

describe('bans', () => {
  it('a banned person reads nothing that needs a login and changes nothing, until unbanned', async () => {
    const [person, author] = [await registerUser(app), await registerUser(app)];
    const postId = await makePost(app, author);
    data(await ban(moderator, person.id, 7));

    for (const [method, url, payload] of [
      ['GET', '/api/me', undefined],
      ['GET', '/api/me/posts', undefined],
      ['GET', '/api/external/authorization', undefined],
      ['PUT', `/api/posts/${postId}/like`, undefined],
      ['POST', `/api/posts/${postId}/comments`, { content: 'hello' }],
      ['POST', '/api/reports', { targetType: 'post', targetId: postId, reason: 'spam' }],
      ['PUT', `/api/blocks/${author.id}`, undefined],
      // Deregistering is not among them: a ban keeps nobody from erasing their account (accounts/sessions.test.ts).
    ] as const) {
      const res = await app.inject({ method, url, headers: person.headers, ...(payload ? { payload } : {}) });
      expectError(res, 'account_banned');
      expect(res.json().data.until).toMatch(/^\d{4}-/);
    }
    // What anyone may read, they read as if anonymous.
    const shown = data<Post>(await app.inject({ method: 'GET', url: `/api/posts/${postId}`, headers: as(person) }));
    expect(shown.liked).toBe(false);
    // A new login is refused with the same answer; ending the session is allowed.
    const refused = await login(person.username);
    expectError(refused, 'account_banned');
    data(await app.inject({ method: 'POST', url: '/api/auth/logout', headers: person.headers }));

    data(await post(moderator, `/api/admin/users/${person.id}/unban`, { reason: 'Appeal accepted' }));
    const again = data<{ token: string }>(await login(person.username));
    data(await commentOn(app, { ...person, headers: { accorgid: ORG, token: again.token } }, postId, 'I am back'));
  });

  it('bans for good (until null), and a ban for a period ends by itself', async () => {
    const [forever, brief] = [await registerUser(app), await registerUser(app)];
    data(await ban(moderator, forever.id, null));
    expect((await app.inject({ method: 'GET', url: '/api/me', headers: forever.headers })).json().data).toEqual({ until: null, hidesContent: false });
    data(await ban(moderator, brief.id, 1));
    await app.db.query(`update users set banned_until = now() - interval '1 second' where id = $1`, [brief.id]);
    data(await app.inject({ method: 'GET', url: '/api/me', headers: brief.headers }));
  });

  it('moderators ban users; admins also moderators; nobody bans an admin or themselves', async () => {
    const otherModerator = await registerStaff(app, 'moderator');
    expectError(await ban(moderator, otherModerator.id, 1), 'forbidden');
    expectError(await ban(moderator, admin.id, 1), 'forbidden');
    expectError(await ban(moderator, moderator.id, 1), 'forbidden');
    expectError(await ban(admin, admin.id, 1), 'forbidden');
    data(await ban(admin, otherModerator.id, 1));
    expectError(await app.inject({ method: 'GET', url: '/api/admin/reports', headers: otherModerator.headers }), 'account_banned');
  });

  it('refuses bad input: no reason, a period out of range, a missing person', async () => {
    const person = await registerUser(app);
    expectError(await post(moderator, `/api/admin/users/${person.id}/ban`, { days: 3 }), 'validation_failed');
    expectError(await ban(moderator, person.id, 0), 'validation_failed');
    expectError(await ban(moderator, person.id, 3651), 'validation_failed');
    expectError(await ban(moderator, '999999999', 1), 'not_found');
  });

  it('members cannot ban', async () => {
    const [member, person] = [await registerUser(app), await registerUser(app)];
    expectError(await ban(member, person.id, 1), 'forbidden');
  });
});

describe('roles', () => {
  it('admins grant and remove the moderator role; it takes effect at once', async () => {
    const person = await registerUser(app);
    expectError(await app.inject({ method: 'GET', url: '/api/admin/reports', headers: person.headers }), 'forbidden');
    data(await app.inject({ method: 'PUT', url: `/api/admin/users/${person.id}/role`, headers: admin.headers, payload: { role: 'moderator', reason: 'Trusted member' } }));
    data(await app.inject({ method: 'GET', url: '/api/admin/reports', headers: person.headers }));
    data(await app.inject({ method: 'PUT', url: `/api/admin/users/${person.id}/role`, headers: admin.headers, payload: { role: 'user', reason: 'Stepped down' } }));
    expectError(await app.inject({ method: 'GET', url: '/api/admin/reports', headers: person.headers }), 'forbidden');
  });

  it('moderators cannot grant roles; nobody changes an admin, their own role, or makes an admin here', async () => {
    const person = await registerUser(app);
    const put = (actor: Actor, userId: string, payload: object) => app.inject({ method: 'PUT', url: `/api/admin/users/${userId}/role`, headers: actor.headers, payload });
    expectError(await put(moderator, person.id, { role: 'moderator', reason: 'x' }), 'forbidden');
    const otherAdmin = await registerStaff(app, 'admin');
    expectError(await put(admin, otherAdmin.id, { role: 'user', reason: 'x' }), 'forbidden');
    expectError(await put(admin, admin.id, { role: 'user', reason: 'x' }), 'forbidden');
    expectError(await put(admin, person.id, { role: 'admin', reason: 'x' }), 'validation_failed');
    expectError(await put(admin, person.id, { role: 'moderator' }), 'validation_failed');
  });

  it('finds people by the start of their name, with role and ban; without words, the staff and the banned', async () => {
    const person = await registerUser(app, { username: 'findme_zed' });
    data(await ban(moderator, person.id, 2));
    const found = data<Page<ModeratedUser>>(await app.inject({ method: 'GET', url: '/api/admin/users?q=FINDME', headers: moderator.headers }));
    expect(found.items).toEqual([expect.objectContaining({ id: person.id, role: 'user', ban: { until: expect.any(String), hidesContent: false } })]);
    expect(data<Page<ModeratedUser>>(await app.inject({ method: 'GET', url: '/api/admin/users?q=%25', headers: moderator.headers })).items).toEqual([]);
    const listed = data<Page<ModeratedUser>>(await app.inject({ method: 'GET', url: '/api/admin/users?limit=50', headers: moderator.headers })).items.map((u) => u.id);
    expect(listed).toEqual(expect.arrayContaining([moderator.id, admin.id, person.id]));
  });
});
