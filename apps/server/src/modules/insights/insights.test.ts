import { beforeAll, describe, expect, it } from 'vitest';
import type { Insights } from '@padhub/contracts';
import { insertPost } from '#server/modules/community/public.ts';
import { type Actor, buildTestApp, data, ORG, OTHER_ORG, registerUser } from '#server-test/helper.ts';
import { addDays, dayOf } from './days.ts';
import { InsightsRollup } from './rollup.ts';

const app = await buildTestApp();
const today = dayOf(new Date());
let admin: Actor, moderator: Actor, member: Actor, otherModerator: Actor;

async function withRole(actor: Actor, role: 'admin' | 'moderator') {
  await app.db.query('update users set role = $2 where id = $1', [actor.id, role]);
  return actor;
}
const ask = (actor: Actor | null, url: string) => app.inject({ method: 'GET', url, headers: actor ? actor.headers : { accorgid: ORG } });

beforeAll(async () => {
  [admin, moderator, member] = [await withRole(await registerUser(app), 'admin'), await withRole(await registerUser(app), 'moderator'), await registerUser(app)];
  otherModerator = await withRole(await registerUser(app, { org: OTHER_ORG }), 'moderator');
  // Two English posts three days ago, one 10 days ago (the previous period of a week), then the job's pass.
  for (const days of [3, 3, 10]) await insertPost(app.db, { orgId: ORG, authorId: member.id, content: 'x', lang: 'en', createdAt: new Date(`${addDays(today, -days)}T12:00:00Z`) });
  await new InsightsRollup(app.db).keep();
});

describe('GET /api/admin/insights/:group', () => {
  it("answers an admin and a moderator the rollup's days of the range, and the previous period's summary", async () => {
    for (const staff of [admin, moderator]) {
      const body = data<Insights>(await ask(staff, '/api/admin/insights/content?range=7'));
      expect([body.group, body.range, body.from, body.to]).toEqual(['content', 7, addDays(today, -6), today]);
      expect(body.updatedAt).not.toBeNull();
      const posts = body.series.find((s) => s.name === 'content.posts' && s.dim === 'en')!;
      expect(posts.values).toEqual([0, 0, 0, 2, 0, 0, 0]);
      expect([posts.unit, posts.current, posts.previous]).toEqual(['count', 2, 1]);
      // A series with nothing in either period is still drawn, as zeros; a wait with nothing to measure is null.
      expect(body.series.find((s) => s.name === 'content.videos')!.values).toEqual([0, 0, 0, 0, 0, 0, 0]);
    }
    const answers = data<Insights>(await ask(admin, '/api/admin/insights/answers?range=30'));
    expect(answers.series.find((s) => s.name === 'answers.first_reply_p50')).toMatchObject({ unit: 'hours', current: null, previous: null });
    expect(answers.series[0]!.values).toHaveLength(30);
  });

  it('answers 30 days when no range is given', async () => {
    expect(data<Insights>(await ask(admin, '/api/admin/insights/people')).range).toBe(30);
  });

  it('refuses a member, a moderator of another organisation, and nobody signed in', async () => {
    expect((await ask(member, '/api/admin/insights/people?range=7')).statusCode).toBe(403);
    // Asking this organisation with the other organisation's token is refused before anything is read.
    expect((await ask({ ...otherModerator, headers: { ...otherModerator.headers, accorgid: ORG } }, '/api/admin/insights/people')).statusCode).toBe(401);
    // In their own organisation they see its figures only: themselves, active today.
    const theirs = data<Insights>(await ask(otherModerator, '/api/admin/insights/people?range=7'));
    expect(theirs.series.find((s) => s.name === 'people.active')!.values.at(-1)).toBe(1);
    expect((await ask(null, '/api/admin/insights/people')).statusCode).toBe(401);
    // Refused before the input is read: a member learns nothing from a bad group either.
    expect((await ask(member, '/api/admin/insights/nothing')).statusCode).toBe(403);
  });

  it('refuses a group or range it does not know', async () => {
    expect((await ask(admin, '/api/admin/insights/nothing')).statusCode).toBe(400);
    expect((await ask(admin, '/api/admin/insights/people?range=14')).statusCode).toBe(400);
    expect((await ask(admin, '/api/admin/insights/people?range=abc')).statusCode).toBe(400);
  });
});
