import { describe, expect, it } from 'vitest';
import type { ModerationCase, MyReport, Page, Report } from '@padhub/contracts';
import { buildTestApp, data, OTHER_ORG, registerUser } from '#server-test/helper.ts';
import { inbox } from '#server/modules/notifications/test-fixtures.ts';
import { expectError, registerStaff, report } from '#server/modules/safety/test-fixtures.ts';

const app = await buildTestApp({ REGISTER_LIMIT_PER_IP: '1000' });
const moderator = await registerStaff(app, 'moderator');

const call = (actor: { headers: Record<string, string> }, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  app.inject({ method, url, headers: actor.headers, ...(payload === undefined ? {} : { payload }) });
const userCase = async (userId: string) =>
  data<Page<ModerationCase>>(await call(moderator, 'GET', '/api/admin/reports?limit=50')).items.find((c) => c.targetType === 'user' && c.targetId === userId);

describe('reports of a person (targetType user)', () => {
  it('reports a person; the console lists them with who they are; dismissing closes it with no action', async () => {
    const [troll, reporter] = [await registerUser(app), await registerUser(app)];
    const created = data<Report>(await report(app, reporter, { targetType: 'user', targetId: troll.id, reason: 'abuse', description: 'insults everyone' }));
    expect(created).toMatchObject({ targetType: 'user', targetId: troll.id, status: 'received' });
    const mine = data<Page<MyReport>>(await call(reporter, 'GET', '/api/me/reports')).items;
    expect(mine[0]).toMatchObject({ targetType: 'user', postId: null, excerpt: null });
    const listed = await userCase(troll.id);
    expect(listed).toMatchObject({ post: null, comment: null, user: { id: troll.id, username: troll.username, role: 'user' }, openReports: 1 });
    expect(listed?.reports[0]).toMatchObject({ reason: 'abuse', description: 'insults everyone' });
    data(await call(moderator, 'POST', '/api/admin/reports/dismiss', { targetType: 'user', targetId: troll.id, reason: 'Banter' }));
    expect(await userCase(troll.id)).toBeUndefined();
    expect((await inbox(app, reporter))[0]).toMatchObject({ type: 'report_outcome', target: { type: 'user', id: troll.id } });
  });

  it('banning the person is the action taken on their reports', async () => {
    const [troll, reporter] = [await registerUser(app), await registerUser(app)];
    data(await report(app, reporter, { targetType: 'user', targetId: troll.id, reason: 'spam' }));
    const result = data(await call(moderator, 'POST', `/api/admin/users/${troll.id}/ban`, { days: 7, hideContent: false, reason: 'Spam' }));
    expect(result).toMatchObject({ reportsResolved: 1 });
    expect(await userCase(troll.id)).toBeUndefined();
    expect(data<Page<MyReport>>(await call(reporter, 'GET', '/api/me/reports')).items[0]).toMatchObject({ status: 'action_taken' });
  });

  it('refuses reporting oneself, a deregistered account, someone of another organisation, a bad id, and anonymous', async () => {
    const [me, gone] = [await registerUser(app), await registerUser(app)];
    expectError(await report(app, me, { targetType: 'user', targetId: me.id, reason: 'spam' }), 'forbidden');
    data(await call(gone, 'DELETE', '/api/me'));
    expectError(await report(app, me, { targetType: 'user', targetId: gone.id, reason: 'spam' }), 'not_found');
    const stranger = await registerUser(app, { org: OTHER_ORG });
    expectError(await report(app, me, { targetType: 'user', targetId: stranger.id, reason: 'spam' }), 'not_found');
    expectError(await report(app, me, { targetType: 'user', targetId: 'abc', reason: 'spam' }), 'validation_failed');
    expectError(await report(app, me, { targetType: 'person', targetId: gone.id, reason: 'spam' }), 'validation_failed');
    expect((await report(app, { headers: { accorgid: me.org } }, { targetType: 'user', targetId: gone.id, reason: 'spam' })).statusCode).toBe(401);
  });

  it('members cannot see or dismiss the console’s cases', async () => {
    const [troll, reporter] = [await registerUser(app), await registerUser(app)];
    data(await report(app, reporter, { targetType: 'user', targetId: troll.id, reason: 'spam' }));
    expectError(await call(reporter, 'POST', '/api/admin/reports/dismiss', { targetType: 'user', targetId: troll.id, reason: 'mine' }), 'forbidden');
    expect(await userCase(troll.id)).toBeDefined();
  });
});
