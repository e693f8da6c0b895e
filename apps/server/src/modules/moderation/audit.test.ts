import { describe, expect, it } from 'vitest';
import type { AuditEntry, Comment, Page } from '@padhub/contracts';
import { type Actor, buildTestApp, data, registerUser } from '#server-test/helper.ts';
import { makePost } from '#server/modules/community/test-fixtures.ts';
import { commentOn, expectError, registerStaff, report } from '#server/modules/safety/test-fixtures.ts';

const app = await buildTestApp({ REGISTER_LIMIT_PER_IP: '1000' });
const moderator = await registerStaff(app, 'moderator');
const admin = await registerStaff(app, 'admin');

const post = (actor: Actor, url: string, payload: object) => app.inject({ method: 'POST', url, headers: actor.headers, payload });
const audit = async (actor: Actor = moderator) => data<Page<AuditEntry>>(await app.inject({ method: 'GET', url: '/api/admin/audit?limit=50', headers: actor.headers })).items;

describe('the audit log', () => {
  it('keeps every action with who, what, on what and why, newest first', async () => {
    const [author, reporter] = [await registerUser(app), await registerUser(app)];
    const [p1, p2, p3] = [await makePost(app, author), await makePost(app, author), await makePost(app, author)];
    const c = data<Comment>(await commentOn(app, author, p1, 'words'));
    const c2 = data<Comment>(await commentOn(app, author, p1, 'more words'));
    data(await report(app, reporter, { targetType: 'comment', targetId: c2.id, reason: 'spam' }));
    data(await post(moderator, `/api/admin/posts/${p1}/pass`, { reason: 'r-pass' }));
    data(await post(moderator, `/api/admin/posts/${p2}/not-pass`, { reason: 'r-not-pass' }));
    data(await post(moderator, `/api/admin/posts/${p3}/delete`, { reason: 'r-delete-post' }));
    data(await post(moderator, `/api/admin/comments/${c.id}/delete`, { reason: 'r-delete-comment' }));
    data(await post(moderator, '/api/admin/reports/dismiss', { targetType: 'comment', targetId: c2.id, reason: 'r-dismiss' }));
    data(await post(moderator, `/api/admin/users/${author.id}/ban`, { reason: 'r-ban', days: 3 }));
    data(await post(moderator, `/api/admin/users/${author.id}/unban`, { reason: 'r-unban' }));
    data(await app.inject({ method: 'PUT', url: `/api/admin/users/${reporter.id}/role`, headers: admin.headers, payload: { role: 'moderator', reason: 'r-grant' } }));
    data(await app.inject({ method: 'PUT', url: `/api/admin/users/${reporter.id}/role`, headers: admin.headers, payload: { role: 'user', reason: 'r-revoke' } }));

    const lines = (await audit()).slice(0, 9).reverse();
    expect(lines.map((l) => [l.action, l.targetType, l.targetId, l.reason, l.actor.id])).toEqual([
      ['pass', 'post', p1, 'r-pass', moderator.id],
      ['not_pass', 'post', p2, 'r-not-pass', moderator.id],
      ['delete_post', 'post', p3, 'r-delete-post', moderator.id],
      ['delete_comment', 'comment', c.id, 'r-delete-comment', moderator.id],
      ['dismiss_reports', 'comment', c2.id, 'r-dismiss', moderator.id],
      ['ban', 'user', author.id, 'r-ban', moderator.id],
      ['unban', 'user', author.id, 'r-unban', moderator.id],
      ['grant_moderator', 'user', reporter.id, 'r-grant', admin.id],
      ['revoke_moderator', 'user', reporter.id, 'r-revoke', admin.id],
    ]);
    expect(lines[4]!.detail).toEqual({ reportsResolved: 1 });
    expect(lines[5]!.detail).toMatchObject({ days: 3, until: expect.any(String) });
  });

  it('writes nothing when the action fails', async () => {
    const before = (await audit()).length;
    expectError(await post(moderator, '/api/admin/posts/999999999/pass', { reason: 'nothing there' }), 'not_found');
    expect((await audit()).length).toBe(before);
  });

  it('cannot be changed or emptied, by anyone, the database included', async () => {
    const postId = await makePost(app, await registerUser(app));
    data(await post(moderator, `/api/admin/posts/${postId}/pass`, { reason: 'keep me' }));
    await expect(app.db.query(`update moderation_log set reason = 'rewritten'`)).rejects.toThrow(/append-only/);
    await expect(app.db.query('delete from moderation_log')).rejects.toThrow(/append-only/);
    await expect(app.db.query('truncate moderation_log')).rejects.toThrow(/append-only/);
    expect((await audit()).some((l) => l.reason === 'keep me')).toBe(true);
    // And the API offers no way to try.
    const [line] = await audit();
    for (const method of ['PUT', 'PATCH', 'DELETE'] as const) {
      expectError(await app.inject({ method, url: `/api/admin/audit/${line!.id}`, headers: admin.headers, payload: {} }), 'not_found');
    }
  });

  it('is read by moderators only', async () => {
    expectError(await app.inject({ method: 'GET', url: '/api/admin/audit', headers: (await registerUser(app)).headers }), 'forbidden');
  });
});
