import { describe, expect, it } from 'vitest';
import type { Comment, MyReport, Page, Report } from '@padhub/contracts';
import { buildTestApp, data, ORG, OTHER_ORG, registerUser } from '#server-test/helper.ts';
import { makePost } from '#server/modules/community/test-fixtures.ts';
import { commentOn, expectError, putList, report } from './test-fixtures.ts';

const app = await buildTestApp();
const alice = await registerUser(app);
const bob = await registerUser(app);
const carol = await registerUser(app);
const stranger = await registerUser(app, { org: OTHER_ORG });

const myReports = async (actor: { headers: Record<string, string> }) =>
  data<Page<MyReport>>(await app.inject({ method: 'GET', url: '/api/me/reports', headers: actor.headers }));

describe('POST /api/reports', () => {
  it('reports a post with a reason and the reporter’s description; the reporter sees it as received', async () => {
    const postId = await makePost(app, alice, { content: 'Buy cheap macros at example.com' });
    const created = data<Report>(await report(app, bob, { targetType: 'post', targetId: postId, reason: 'spam', description: '  selling macros  ' }));
    expect(created).toMatchObject({ targetType: 'post', targetId: postId, reason: 'spam', description: 'selling macros', status: 'received' });
    const mine = await myReports(bob);
    expect(mine.items[0]).toMatchObject({ id: created.id, postId, excerpt: 'Buy cheap macros at example.com', status: 'received' });
  });

  it('keeps showing what I reported after I block its author, and nothing once it is deleted', async () => {
    const dave = await registerUser(app);
    const postId = await makePost(app, dave, { content: 'rude words in a post' });
    const top = data<Comment>(await commentOn(app, dave, postId, 'rude words in a comment'));
    data(await report(app, carol, { targetType: 'post', targetId: postId, reason: 'abuse' }));
    data(await report(app, carol, { targetType: 'comment', targetId: top.id, reason: 'abuse' }));
    expect((await putList(app, carol, 'blocks', dave.id)).statusCode).toBe(200);
    const excerpts = async () => (await myReports(carol)).items.filter((r) => [postId, top.id].includes(r.targetId)).map((r) => r.excerpt);
    expect(await excerpts()).toEqual(['rude words in a comment', 'rude words in a post']);
    expect((await app.inject({ method: 'DELETE', url: `/api/posts/${postId}`, headers: dave.headers })).statusCode).toBe(200);
    expect(await excerpts()).toEqual([null, null]);
  });

  it('updates the first report when the same person reports the same thing again', async () => {
    const postId = await makePost(app, alice);
    const first = data<Report>(await report(app, bob, { targetType: 'post', targetId: postId, reason: 'spam' }));
    const second = data<Report>(await report(app, bob, { targetType: 'post', targetId: postId, reason: 'cheating', description: 'an unfair turbo macro' }));
    expect(second.id).toBe(first.id);
    expect(second).toMatchObject({ reason: 'cheating', description: 'an unfair turbo macro', status: 'received' });
    const rows = await app.db.query('select r.id from reports r join report_cases rc on rc.id = r.case_id where rc.target_id = $1', [postId]);
    expect(rows).toHaveLength(1);
    // Two reporters: one case, two reports.
    data(await report(app, carol, { targetType: 'post', targetId: postId, reason: 'abuse' }));
    const cases = await app.db.query('select id from report_cases where target_type = $1 and target_id = $2', ['post', postId]);
    expect(cases).toHaveLength(1);
  });

  it('reports a comment and a reply; the list opens their post', async () => {
    const postId = await makePost(app, alice);
    const top = data<Comment>(await commentOn(app, alice, postId, 'first'));
    const reply = data<Comment>(await commentOn(app, carol, postId, 'you are all noobs', top.id));
    data(await report(app, bob, { targetType: 'comment', targetId: reply.id, reason: 'abuse', description: 'insults' }));
    expect((await myReports(bob)).items[0]).toMatchObject({ targetType: 'comment', targetId: reply.id, postId, excerpt: 'you are all noobs' });
  });

  it('refuses bad input with the validation code and the field at fault', async () => {
    const postId = await makePost(app, alice);
    const badReason = await report(app, bob, { targetType: 'post', targetId: postId, reason: 'boring' });
    expectError(badReason, 'validation_failed');
    expect(badReason.json().data.issues.map((i: { path: string }) => i.path)).toEqual(['body.reason']);
    const otherWithoutWords = await report(app, bob, { targetType: 'post', targetId: postId, reason: 'other', description: '   ' });
    expectError(otherWithoutWords, 'validation_failed');
    expect(otherWithoutWords.json().data.issues.map((i: { path: string }) => i.path)).toEqual(['body.description']);
    expectError(await report(app, bob, { targetType: 'person', targetId: alice.id, reason: 'spam' }), 'validation_failed');
    expectError(await report(app, bob, { targetType: 'post', targetId: postId, reason: 'spam', description: 'x'.repeat(501) }), 'validation_failed');
  });

  it('needs a login', async () => {
    const postId = await makePost(app, alice);
    expectError(await report(app, { headers: { accorgid: ORG } }, { targetType: 'post', targetId: postId, reason: 'spam' }), 'login_required');
  });

  it('does not take reports on what the reporter cannot see: another organisation’s, deleted, missing', async () => {
    const postId = await makePost(app, alice);
    expectError(await report(app, stranger, { targetType: 'post', targetId: postId, reason: 'spam' }), 'not_found');
    const deleted = await makePost(app, alice);
    data(await app.inject({ method: 'DELETE', url: `/api/posts/${deleted}`, headers: alice.headers }));
    expectError(await report(app, bob, { targetType: 'post', targetId: deleted, reason: 'spam' }), 'not_found');
    expectError(await report(app, bob, { targetType: 'comment', targetId: '999999999', reason: 'spam' }), 'not_found');
  });

  it('refuses reporting one’s own content (delete it instead)', async () => {
    const postId = await makePost(app, alice);
    expectError(await report(app, alice, { targetType: 'post', targetId: postId, reason: 'spam' }), 'forbidden');
  });
});

describe('GET /api/me/reports', () => {
  it('lists only my own reports, newest first, paged', async () => {
    const dave = await registerUser(app);
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push(data<Report>(await report(app, dave, { targetType: 'post', targetId: await makePost(app, alice), reason: 'spam' })).id);
    const first = data<Page<MyReport>>(await app.inject({ method: 'GET', url: '/api/me/reports?limit=2', headers: dave.headers }));
    const second = data<Page<MyReport>>(await app.inject({ method: 'GET', url: `/api/me/reports?limit=2&cursor=${first.nextCursor}`, headers: dave.headers }));
    expect([...first.items, ...second.items].map((r) => r.id)).toEqual(ids.reverse());
    expect(second.nextCursor).toBeNull();
    expect((await myReports(carol)).items.some((r) => ids.includes(r.id))).toBe(false);
  });

  it('needs a login', async () => {
    expectError(await app.inject({ method: 'GET', url: '/api/me/reports', headers: { accorgid: ORG } }), 'login_required');
  });
});
