import { describe, expect, it } from 'vitest';
import type { AuditEntry, Comment, ModeratedUser, Page, Post } from '@padhub/contracts';
import { type Actor, buildTestApp, data, ORG, registerUser } from '#server-test/helper.ts';
import { as, makePost } from '#server/modules/community/test-fixtures.ts';
import { commentOn, expectError, registerStaff } from '#server/modules/safety/test-fixtures.ts';

const app = await buildTestApp({ REGISTER_LIMIT_PER_IP: '1000' });
const moderator = await registerStaff(app, 'moderator');

const send = (actor: Actor, url: string, payload: object) => app.inject({ method: 'POST', url, headers: actor.headers, payload });
const ban = (actor: Actor, userId: string, payload: object) => send(actor, `/api/admin/users/${userId}/ban`, { reason: 'Harassment', days: 7, ...payload });
const unban = (userId: string) => send(moderator, `/api/admin/users/${userId}/unban`, { reason: 'Served' });
const anonymous = { org: ORG };

/** What another member sees of the person: their post in the feed and in detail, their comment, and the post's count. */
async function seenBy(viewer: Actor | typeof anonymous, scene: { post: string; hostPost: string; comment: string }) {
  const feed = data<Page<Post>>(await app.inject({ method: 'GET', url: '/api/posts?limit=50', headers: as(viewer) })).items;
  const detail = await app.inject({ method: 'GET', url: `/api/posts/${scene.post}`, headers: as(viewer) });
  const comments = data<Page<Comment>>(await app.inject({ method: 'GET', url: `/api/posts/${scene.hostPost}/comments`, headers: as(viewer) })).items;
  const host = data<Post>(await app.inject({ method: 'GET', url: `/api/posts/${scene.hostPost}`, headers: as(viewer) }));
  return {
    inFeed: feed.some((p) => p.id === scene.post),
    detail: detail.statusCode,
    comment: comments.some((c) => c.id === scene.comment),
    commentCount: host.commentCount,
  };
}

async function scene() {
  const [person, host] = [await registerUser(app), await registerUser(app)];
  const post = await makePost(app, person);
  const hostPost = await makePost(app, host);
  const comment = data<Comment>(await commentOn(app, person, hostPost, 'rude words')).id;
  return { person, host, post, hostPost, comment };
}

const visible = { inFeed: true, detail: 200, comment: true, commentCount: 1 };
const hidden = { inFeed: false, detail: 404, comment: false, commentCount: 0 };

describe('a ban that hides content', () => {
  it('hides the person’s posts and comments from everyone for its length; unbanning brings them back', async () => {
    const s = await scene();
    const other = await registerUser(app);
    data(await ban(moderator, s.person.id, { hideContent: true }));
    expect(await seenBy(other, s)).toEqual(hidden);
    expect(await seenBy(anonymous, s)).toEqual(hidden);
    expect(await seenBy(s.host, s)).toEqual(hidden);
    // The console still shows who is banned, and that their content is hidden.
    const people = data<Page<ModeratedUser>>(await app.inject({ method: 'GET', url: `/api/admin/users?q=${s.person.username}`, headers: moderator.headers }));
    expect(people.items[0]!.ban).toMatchObject({ hidesContent: true });

    data(await unban(s.person.id));
    expect(await seenBy(other, s)).toEqual(visible);
  });

  it('keeps the content of a ban without it, and of a ban that ran out', async () => {
    const s = await scene();
    const other = await registerUser(app);
    data(await ban(moderator, s.person.id, {}));
    expect(await seenBy(other, s)).toEqual(visible);
    data(await unban(s.person.id));
    data(await ban(moderator, s.person.id, { hideContent: true, days: 1 }));
    await app.db.query(`update users set banned_until = now() - interval '1 second' where id = $1`, [s.person.id]);
    expect(await seenBy(other, s)).toEqual(visible);
  });

  it('is recorded in the audit log, which names the person', async () => {
    const s = await scene();
    data(await ban(moderator, s.person.id, { hideContent: true, days: 30 }));
    const log = data<Page<AuditEntry>>(await app.inject({ method: 'GET', url: `/api/admin/audit?targetType=user&targetId=${s.person.id}`, headers: moderator.headers }));
    expect(log.items[0]).toMatchObject({
      action: 'ban',
      detail: { days: 30, hideContent: true },
      targetUser: { id: s.person.id, username: s.person.username },
      targetPostId: null,
    });
    // A comment's line names its post, so the console can open the comment in place.
    data(await send(moderator, `/api/admin/comments/${s.comment}/delete`, { reason: 'Rude' }));
    const deleted = data<Page<AuditEntry>>(await app.inject({ method: 'GET', url: `/api/admin/audit?targetType=comment&targetId=${s.comment}`, headers: moderator.headers }));
    expect(deleted.items[0]).toMatchObject({ action: 'delete_comment', targetPostId: s.hostPost, targetUser: null });
  });

  it('refuses a hideContent that is not true or false, and a member who is not staff', async () => {
    const s = await scene();
    expectError(await ban(moderator, s.person.id, { hideContent: 'yes' }), 'validation_failed');
    expectError(await ban(s.host, s.person.id, { hideContent: true }), 'forbidden');
    expectError(await app.inject({ method: 'POST', url: `/api/admin/users/${s.person.id}/ban`, headers: { accorgid: ORG }, payload: { reason: 'x', days: 1, hideContent: true } }), 'login_required');
    expect(await seenBy(s.host, s)).toEqual(visible);
  });
});
