import { describe, expect, it } from 'vitest';
import type { Comment, ModerationCase, ModerationPost, ModerationResult, MyReport, Page, Post } from '@padhub/contracts';
import { type Actor, buildTestApp, data, ORG, OTHER_ORG, registerUser } from '#server-test/helper.ts';
import { as, makePost } from '#server/modules/community/test-fixtures.ts';
import { commentOn, expectError, registerStaff, report } from '#server/modules/safety/test-fixtures.ts';

const app = await buildTestApp({ REGISTER_LIMIT_PER_IP: '1000' });
const moderator = await registerStaff(app, 'moderator');
const admin = await registerStaff(app, 'admin');
const otherModerator = await registerStaff(app, 'moderator', { org: OTHER_ORG });

const call = (actor: { headers: Record<string, string> }, method: 'GET' | 'POST', url: string, payload?: unknown) =>
  app.inject({ method, url, headers: actor.headers, ...(payload === undefined ? {} : { payload: payload as object }) });
const cases = async (actor: Actor = moderator) => data<Page<ModerationCase>>(await call(actor, 'GET', '/api/admin/reports?limit=50'));
const myReports = async (actor: Actor) => data<Page<MyReport>>(await call(actor, 'GET', '/api/me/reports')).items;

describe('who may use /api/admin', () => {
  it('refuses anonymous (401), members (403), and a moderator of another organisation (401 here, nothing of ours in theirs)', async () => {
    const member = await registerUser(app);
    const postId = await makePost(app, member);
    for (const url of ['/api/admin/reports', '/api/admin/posts/pending', '/api/admin/audit', '/api/admin/users']) {
      expectError(await app.inject({ method: 'GET', url, headers: { accorgid: ORG } }), 'login_required');
      expectError(await call(member, 'GET', url), 'forbidden');
      expectError(await app.inject({ method: 'GET', url, headers: { ...otherModerator.headers, accorgid: ORG } }), 'token_invalid');
      data(await call(moderator, 'GET', url));
      data(await call(admin, 'GET', url));
    }
    expectError(await call(otherModerator, 'POST', `/api/admin/posts/${postId}/not-pass`, { reason: 'not yours' }), 'not_found');
    expect(data<Post>(await app.inject({ method: 'GET', url: `/api/posts/${postId}`, headers: as(member) })).reviewStatus).toBe('passed');
  });

  it('refuses members before reading their input, so nothing is learned from validation', async () => {
    const member = await registerUser(app);
    expectError(await call(member, 'POST', '/api/admin/posts/not-an-id/pass', {}), 'forbidden');
  });
});

describe('the queue of reported content', () => {
  it('groups reports by target, with reasons, texts and the content in context', async () => {
    const [author, r1, r2, replier] = [await registerUser(app), await registerUser(app), await registerUser(app), await registerUser(app)];
    const postId = await makePost(app, author, { content: 'Sell your account here' });
    data(await report(app, r1, { targetType: 'post', targetId: postId, reason: 'spam', description: 'an advert' }));
    data(await report(app, r2, { targetType: 'post', targetId: postId, reason: 'illegal', description: 'account trading' }));
    const top = data<Comment>(await commentOn(app, author, postId, 'Which firmware?'));
    const reply = data<Comment>(await commentOn(app, replier, postId, 'shut up idiot', top.id));
    data(await report(app, r1, { targetType: 'comment', targetId: reply.id, reason: 'abuse', description: 'insult' }));

    const queue = (await cases()).items;
    const postCase = queue.find((c) => c.targetType === 'post' && c.targetId === postId)!;
    expect(postCase).toMatchObject({ openReports: 2, post: { id: postId, content: 'Sell your account here', author: { id: author.id, role: 'user', ban: null } }, comment: null });
    expect(postCase.reports.map((r) => [r.reason, r.description, r.reporter?.id]).sort()).toEqual(
      [['illegal', 'account trading', r2.id], ['spam', 'an advert', r1.id]].sort(),
    );
    const commentCase = queue.find((c) => c.targetType === 'comment' && c.targetId === reply.id)!;
    expect(commentCase).toMatchObject({
      openReports: 1,
      post: { id: postId },
      comment: { id: reply.id, content: 'shut up idiot', author: { id: replier.id }, replyTo: { id: top.id, content: 'Which firmware?', author: { id: author.id } } },
    });
    // Moderators of another organisation see none of it.
    expect((await cases(otherModerator)).items).toEqual([]);
  });

  it('not passing a reported post takes it down, shows its author why, and tells its reporters action was taken', async () => {
    const [author, reporter, reader] = [await registerUser(app), await registerUser(app), await registerUser(app)];
    const postId = await makePost(app, author);
    data(await report(app, reporter, { targetType: 'post', targetId: postId, reason: 'cheating', description: 'turbo macro' }));
    const result = data<ModerationResult>(await call(moderator, 'POST', `/api/admin/posts/${postId}/not-pass`, { reason: 'Unfair turbo macro' }));
    expect(result.reportsResolved).toBe(1);

    expectError(await app.inject({ method: 'GET', url: `/api/posts/${postId}`, headers: as(reader) }), 'not_found');
    const mine = data<Page<Post>>(await call(author, 'GET', '/api/me/posts')).items.find((p) => p.id === postId);
    // The reason keeps the language the moderator wrote it in (their interface's), for the author to see it marked.
    expect(mine).toMatchObject({ reviewStatus: 'not_passed', reviewReason: 'Unfair turbo macro', reviewReasonLang: 'cn' });
    expect((await myReports(reporter))[0]).toMatchObject({ targetId: postId, status: 'action_taken' });
    const inKorean = await makePost(app, author);
    data(await app.inject({ method: 'POST', url: `/api/admin/posts/${inKorean}/not-pass`, headers: { ...moderator.headers, 'accept-language': 'ko' }, payload: { reason: '광고' } }));
    expect(data<Post>(await call(author, 'GET', `/api/posts/${inKorean}`))).toMatchObject({ reviewReason: '광고', reviewReasonLang: 'ko' });
    expect((await cases()).items.some((c) => c.targetId === postId)).toBe(false);
  });

  it('passing a reported post keeps it and tells its reporters no action was taken; a new report opens the case again', async () => {
    const [author, reporter, second] = [await registerUser(app), await registerUser(app), await registerUser(app)];
    const postId = await makePost(app, author);
    data(await report(app, reporter, { targetType: 'post', targetId: postId, reason: 'spam' }));
    data(await call(moderator, 'POST', `/api/admin/posts/${postId}/pass`, { reason: 'A normal post' }));
    expect((await myReports(reporter))[0]).toMatchObject({ status: 'no_action' });
    data(await report(app, second, { targetType: 'post', targetId: postId, reason: 'abuse' }));
    const reopened = (await cases()).items.find((c) => c.targetId === postId)!;
    expect(reopened.openReports).toBe(1);
    expect(reopened.reports.map((r) => r.status).sort()).toEqual(['no_action', 'received']);
  });

  it('deleting a reported comment removes it for everyone, counts it, and resolves its reports; dismissing closes without action', async () => {
    const [author, troll, reporter] = [await registerUser(app), await registerUser(app), await registerUser(app)];
    const postId = await makePost(app, author);
    const bad = data<Comment>(await commentOn(app, troll, postId, 'bad words'));
    const fine = data<Comment>(await commentOn(app, author, postId, 'fine words'));
    data(await report(app, reporter, { targetType: 'comment', targetId: bad.id, reason: 'abuse' }));
    data(await report(app, reporter, { targetType: 'comment', targetId: fine.id, reason: 'abuse' }));
    expect(data<ModerationResult>(await call(moderator, 'POST', `/api/admin/comments/${bad.id}/delete`, { reason: 'Insults' })).reportsResolved).toBe(1);
    const list = data<Page<Comment>>(await app.inject({ method: 'GET', url: `/api/posts/${postId}/comments`, headers: as(author) }));
    expect(list.items.map((c) => c.id)).toEqual([fine.id]);
    expect(data<Post>(await app.inject({ method: 'GET', url: `/api/posts/${postId}`, headers: as(author) })).commentCount).toBe(1);

    data(await call(moderator, 'POST', '/api/admin/reports/dismiss', { targetType: 'comment', targetId: fine.id, reason: 'Nothing wrong' }));
    const statuses = Object.fromEntries((await myReports(reporter)).map((r) => [r.targetId, r.status]));
    expect(statuses).toEqual({ [bad.id]: 'action_taken', [fine.id]: 'no_action' });
    // Nothing left to dismiss.
    expectError(await call(moderator, 'POST', '/api/admin/reports/dismiss', { targetType: 'comment', targetId: fine.id, reason: 'again' }), 'not_found');
  });

  it('deletes a post, with a reason', async () => {
    const author = await registerUser(app);
    const postId = await makePost(app, author);
    data(await call(admin, 'POST', `/api/admin/posts/${postId}/delete`, { reason: 'Illegal content' }));
    expectError(await app.inject({ method: 'GET', url: `/api/posts/${postId}`, headers: as(author) }), 'not_found');
  });

  it('refuses an action without a reason, with a bad id, or on nothing', async () => {
    const postId = await makePost(app, await registerUser(app));
    const noReason = await call(moderator, 'POST', `/api/admin/posts/${postId}/not-pass`, { reason: '   ' });
    expectError(noReason, 'validation_failed');
    expect(noReason.json().data.issues[0].path).toBe('body.reason');
    expectError(await call(moderator, 'POST', `/api/admin/posts/${postId}/pass`, {}), 'validation_failed');
    expectError(await call(moderator, 'POST', '/api/admin/posts/abc/pass', { reason: 'x' }), 'validation_failed');
    expectError(await call(moderator, 'POST', '/api/admin/posts/999999999/pass', { reason: 'x' }), 'not_found');
  });
});

describe('the review queue', () => {
  it('lists posts waiting under pre-moderation, oldest first; only their author sees them until passed', async () => {
    const author = await registerUser(app);
    const reader = await registerUser(app);
    const first = await makePost(app, author, { reviewStatus: 'pending', content: 'waiting 1' });
    const second = await makePost(app, author, { reviewStatus: 'pending', content: 'waiting 2' });
    const queue = data<Page<ModerationPost>>(await call(moderator, 'GET', '/api/admin/posts/pending?limit=50')).items.map((p) => p.id);
    expect(queue.indexOf(first)).toBeLessThan(queue.indexOf(second));
    expectError(await app.inject({ method: 'GET', url: `/api/posts/${first}`, headers: as(reader) }), 'not_found');
    expect(data<Post>(await app.inject({ method: 'GET', url: `/api/posts/${first}`, headers: as(author) })).reviewStatus).toBe('pending');

    data(await call(moderator, 'POST', `/api/admin/posts/${first}/pass`, { reason: 'Fine' }));
    data(await call(moderator, 'POST', `/api/admin/posts/${second}/not-pass`, { reason: 'Off topic' }));
    expect(data<Post>(await app.inject({ method: 'GET', url: `/api/posts/${first}`, headers: as(reader) })).reviewStatus).toBe('passed');
    const after = data<Page<ModerationPost>>(await call(moderator, 'GET', '/api/admin/posts/pending?limit=50')).items.map((p) => p.id);
    expect(after).not.toContain(first);
    expect(after).not.toContain(second);
    // The reason is between moderation and the author.
    expect(data<Post>(await app.inject({ method: 'GET', url: `/api/posts/${first}`, headers: as(reader) })).reviewReason).toBeNull();
  });
});
