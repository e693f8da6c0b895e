import { beforeAll, describe, expect, it } from 'vitest';
import { insertPost } from '#server/modules/community/public.ts';
import { type Actor, buildTestApp, ORG, OTHER_ORG, registerUser } from '#server-test/helper.ts';
import { addDays, dayOf } from './days.ts';
import { InsightsRollup } from './rollup.ts';

// One app and one story for the file: what the test writes is what the rollup must count.
const app = await buildTestApp();
const rollup = new InsightsRollup(app.db);
const today = dayOf(new Date());
// Far enough back that today's sign-ups are no day of its cohorts' windows.
const D0 = addDays(today, -70);
const D1 = addDays(today, -5);
const D2 = addDays(today, -4);
const at = (day: string, time: string) => new Date(`${day}T${time}Z`);

let a: Actor, b: Actor, c: Actor, x1: Actor, x2: Actor, stranger: Actor;

async function post(author: Actor, lang: 'cn' | 'en' | 'jp', when: Date, extra: { media?: object[]; configIds?: string[]; reviewStatus?: 'pending' } = {}) {
  return insertPost(app.db, { orgId: author.org, authorId: author.id, content: 'insights', lang, createdAt: when, ...(extra as object) });
}
async function comment(postId: string, author: Actor, when: Date) {
  await app.db.query('insert into comments (org_id, post_id, author_id, content, created_at) values ($1, $2, $3, $4, $5)', [author.org, postId, author.id, 'reply', when]);
}
async function active(person: Actor, day: string) {
  await app.db.query('insert into active_days (org_id, day, user_id) values ($1, $2, $3) on conflict do nothing', [person.org, day, person.id]);
}
async function report(postId: string, reporter: Actor, reason: string, opened: Date, resolved: Date | null) {
  const [kase] = await app.db.query<{ id: string }>(
    `insert into report_cases (org_id, target_type, target_id) values ($1, 'post', $2)
     on conflict (org_id, target_type, target_id) do update set status = report_cases.status returning id`,
    [ORG, postId],
  );
  await app.db.query(
    `insert into reports (org_id, case_id, reporter_id, reason, status, created_at, resolved_at) values ($1, $2, $3, $4, $5, $6, $7)`,
    [ORG, kase!.id, reporter.id, reason, resolved ? 'action_taken' : 'received', opened, resolved],
  );
}

/** Every figure the rollup kept for the organisation: `series|dim|day` → value. */
async function figures(org = ORG) {
  const rows = await app.db.query<{ series: string; dim: string; day: string; value: number }>(
    `select series, dim, to_char(day, 'YYYY-MM-DD') as day, value from insight_days where org_id = $1`,
    [org],
  );
  return new Map(rows.map((r) => [`${r.series}|${r.dim}|${r.day}`, Number(r.value)]));
}

beforeAll(async () => {
  [a, b, c, x1, x2] = [await registerUser(app), await registerUser(app), await registerUser(app), await registerUser(app), await registerUser(app)];
  stranger = await registerUser(app, { org: OTHER_ORG });
  // People: x1 and x2 joined on D0; x1 came back a week later and a month later, x2 only after three days.
  await app.db.query('update users set created_at = $2 where id = any($1::bigint[])', [[x1.id, x2.id], at(D0, '08:00:00')]);
  for (const [who, day] of [[x1, addDays(D0, 8)], [x1, addDays(D0, 31)], [x1, addDays(today, -20)], [x2, addDays(D0, 3)], [a, D1], [b, D1], [c, D1], [a, D2], [stranger, D1]] as const) await active(who, day);

  // Content and answers on D1 and D2.
  const image = { path: 'x.jpg', kind: 'image', width: 10, height: 10 };
  const video = { path: 'x.mp4', kind: 'video', status: 'ready', duration: 2, width: 10, height: 10 };
  const p1 = await post(a, 'en', at(D1, '10:00:00'), { media: [image, image, video] });
  const p2 = await post(a, 'en', at(D1, '11:00:00'), { configIds: ['1'] });
  const p3 = await post(b, 'jp', at(D1, '12:00:00'));
  const p5 = await post(c, 'en', at(D1, '08:00:00'));
  await post(c, 'cn', at(D2, '09:00:00'));
  await post(stranger, 'en', at(D1, '10:00:00'));
  await comment(p1, a, at(D1, '10:30:00')); // the author's own: no answer
  await comment(p1, b, at(D1, '12:00:00')); // p1's first answer, after 2 h
  await comment(p1, c, at(D1, '13:00:00'));
  await comment(p5, a, at(D1, '14:00:00')); // p5's, after 6 h
  await comment(p3, a, at(D2, '00:00:00')); // p3's, after 12 h, on D2
  void p2; // no answer in its first 24 hours

  // Safety: two spam reports resolved on D2 after 24 h and 26 h, one abuse report still open; a ban.
  await report(p1, b, 'spam', at(D1, '09:00:00'), at(D2, '09:00:00'));
  await report(p1, c, 'spam', at(D1, '10:00:00'), at(D2, '12:00:00'));
  await report(p3, a, 'abuse', at(D2, '10:00:00'), null);
  await app.db.query(`insert into moderation_log (org_id, actor_id, action, target_type, target_id, reason, created_at) values ($1, $2, 'ban', 'user', $3, 'spam', $4)`, [
    ORG,
    a.id,
    c.id,
    at(D2, '15:00:00'),
  ]);
  // One post waits for review, for about three hours.
  await post(a, 'en', new Date(Date.now() - 3 * 3600_000), { reviewStatus: 'pending' });

  // Configurations: applied by b and c on D1, liked by b on D2, copied by c on D1.
  const [config] = await app.db.query<{ id: string }>(
    `insert into configs (org_id, owner_id, model, kind, name, content) values ($1, $2, 'lite', 'mapping', 'Insights', '{}') returning id`,
    [ORG, a.id],
  );
  for (const who of [b, c]) await app.db.query('insert into config_applies (config_id, user_id, created_at) values ($1, $2, $3)', [config!.id, who.id, at(D1, '16:00:00')]);
  await app.db.query('insert into config_likes (config_id, user_id, created_at) values ($1, $2, $3)', [config!.id, b.id, at(D2, '16:00:00')]);
  await app.db.query('insert into config_saves (config_id, user_id, created_at) values ($1, $2, $3)', [config!.id, c.id, at(D1, '17:00:00')]);

  await rollup.refresh(ORG, addDays(today, -75), today);
});

describe('the insights rollup', () => {
  it('counts active, new and returning people as the raw rows say', async () => {
    const f = await figures();
    expect([f.get(`people.active||${D1}`), f.get(`people.active||${D2}`)]).toEqual([3, 1]);
    // a, b, c, and x1 (active 20 days ago) in the 30 days that end with D2.
    expect(f.get(`people.monthly_active||${D2}`)).toBe(4);
    expect([f.get(`people.new||${D0}`), f.get(`people.returned_7||${D0}`), f.get(`people.returned_30||${D0}`)]).toEqual([2, 1, 1]);
    // Every registration and sign-in marked its person active today (the session's touch).
    const registeredToday = await app.db.query<{ n: number }>(`select count(*)::int as n from sessions where org_id = $1`, [ORG]);
    expect(f.get(`people.active||${today}`)).toBe(registeredToday[0]!.n);
  });

  it('counts posts, media and comments by language, and no other organisation', async () => {
    const f = await figures();
    expect([f.get(`content.posts|en|${D1}`), f.get(`content.posts|jp|${D1}`), f.get(`content.posts|cn|${D2}`)]).toEqual([3, 1, 1]);
    expect([f.get(`content.pictures|en|${D1}`), f.get(`content.videos|en|${D1}`), f.get(`content.posts_with_configs|en|${D1}`)]).toEqual([2, 1, 1]);
    expect([f.get(`content.comments|en|${D1}`), f.get(`content.comments|jp|${D2}`)]).toEqual([4, 1]);
    expect((await figures(OTHER_ORG)).size).toBe(0);
  });

  it('measures first answers and the posts left without one for 24 hours', async () => {
    const f = await figures();
    expect([f.get(`answers.first_reply_p50||${D1}`), f.get(`answers.first_reply_p90||${D1}`), f.get(`answers.first_reply_p50||${D2}`)]).toEqual([4, 5.6, 12]);
    expect([f.get(`answers.unanswered_24h||${D1}`), f.get(`answers.unanswered_24h||${D2}`)]).toEqual([1, 1]);
  });

  it('counts reports, their resolution times by reason, bans and the review queue', async () => {
    const f = await figures();
    expect([f.get(`safety.reports_opened|spam|${D1}`), f.get(`safety.reports_opened|abuse|${D2}`), f.get(`safety.reports_resolved|spam|${D2}`)]).toEqual([2, 1, 2]);
    expect([f.get(`safety.resolution_p50|spam|${D2}`), f.get(`safety.resolution_p90|spam|${D2}`)!.toFixed(1)]).toEqual([25, '25.8']);
    expect(f.get(`safety.bans||${D2}`)).toBe(1);
    expect(f.get(`safety.review_waiting||${today}`)).toBe(1);
    expect(f.get(`safety.review_oldest_hours||${today}`)).toBeCloseTo(3, 1);
  });

  it('counts configurations applied, liked and copied', async () => {
    const f = await figures();
    expect([f.get(`configs.applied||${D1}`), f.get(`configs.liked||${D2}`), f.get(`configs.copied||${D1}`)]).toEqual([2, 1, 1]);
  });

  it('replaces the days it redoes, keeps what only its day could see, and back-fills an organisation never rolled up', async () => {
    const before = await figures();
    await app.db.query(`update reports set resolved_at = null where org_id = $1 and reason = 'spam' and resolved_at < $2`, [ORG, at(D2, '10:00:00')]);
    await rollup.refresh(ORG, D2, D2);
    const after = await figures();
    expect(after.get(`safety.reports_resolved|spam|${D2}`)).toBe(1);
    expect(after.get(`safety.review_waiting||${today}`)).toBe(before.get(`safety.review_waiting||${today}`));
    // keep(): the other organisation has no run yet, so it is back-filled, and its run is recorded.
    await rollup.keep();
    expect((await figures(OTHER_ORG)).get(`content.posts|en|${D1}`)).toBe(1);
    const runs = await app.db.query<{ org_id: string; done: string }>(`select org_id, to_char(done_through, 'YYYY-MM-DD') as done from insight_rollups order by org_id`);
    expect(runs).toEqual([
      { org_id: ORG, done: today },
      { org_id: OTHER_ORG, done: today },
    ]);
    expect((await figures()).get(`people.returned_7||${D0}`)).toBe(1);
  });
});
