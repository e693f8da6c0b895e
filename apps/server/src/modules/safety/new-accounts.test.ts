import { describe, expect, it } from 'vitest';
import { type Comment, type NewAccountRules, type Page, type PersonTrust, type Post, type StaffPerson, errorMessages } from '@padhub/contracts';
import { type Actor, buildTestApp, data, ORG, OTHER_ORG, registerUser } from '#server-test/helper.ts';
import { listen } from '#server-test/storage.ts';
import { createPost, png, uploadAs } from '#server/modules/posting/test-fixtures.ts';
import { commentOn, expectError, registerStaff } from './test-fixtures.ts';
import { defaultRules } from './new-accounts-repo.ts';
import { NewAccountsService } from './new-accounts-service.ts';

const app = await buildTestApp({ REGISTER_LIMIT_PER_IP: '1000' });
const { origin } = await listen(app);
const admin = await registerStaff(app, 'admin');
const moderator = await registerStaff(app, 'moderator');
const member = await registerUser(app);
const signedOut = { headers: { accorgid: ORG } };

const rules = (actor: { headers: Record<string, string> } = admin) => app.inject({ method: 'GET', url: '/api/admin/new-accounts', headers: actor.headers });
const setRules = (payload: object, actor: { headers: Record<string, string> } = admin) => app.inject({ method: 'PUT', url: '/api/admin/new-accounts', headers: actor.headers, payload });
const trust = (person: Actor, trusted: boolean, actor: { headers: Record<string, string> } = moderator) =>
  app.inject({ method: 'PUT', url: `/api/admin/users/${person.id}/trust`, headers: actor.headers, payload: { trusted, reason: 'known from the forum' } });
const post = (actor: Actor, content: string) => createPost(app, actor, { content, media: [] }, { lang: 'en' });
const auditOf = (action: string) => app.db.query<{ actor_id: string; target_id: string | null; reason: string | null; detail: Record<string, unknown> }>(
  'select actor_id::text, target_id, reason, detail from moderation_log where org_id = $1 and action = $2 order by id', [ORG, action]);
const limits: NewAccountRules = { ...defaultRules, enabled: true, postsPerHour: 2, commentsPerHour: 2, mentionsPerHour: 3, linksPerPost: 1, picturesPerPost: 1 };

/** The refusal of a spent hour: 429, its code, Retry-After within the hour, the allowance and the wait in the message. */
function expectHourSpent(res: Awaited<ReturnType<typeof post>>, limit: number, lang: 'en' | 'cn' = 'en') {
  expectError(res, 'new_account_limited');
  const wait = Number(res.headers['retry-after']);
  expect(wait).toBeGreaterThanOrEqual(1);
  expect(wait).toBeLessThanOrEqual(3600);
  expect(res.json().data).toEqual({ limit, retryAfter: wait });
  expect(res.json().message).toBe(errorMessages.new_account_limited[lang].replace('{{limit}}', String(limit)).replace('{{minutes}}', String(Math.ceil(wait / 60))));
  if (lang === 'en') expect(res.json().message).toBe(`New accounts can do this ${limit} times an hour. Try again in ${Math.ceil(wait / 60)} min.`);
}

describe('admins keep the new-account limits', () => {
  it('answer the defaults, off, then what an admin set, with its audit line', async () => {
    expect(data<NewAccountRules>(await rules())).toEqual(defaultRules);
    expect(defaultRules.enabled).toBe(false);
    expect(data<NewAccountRules>(await setRules(limits))).toEqual(limits);
    expect(data<NewAccountRules>(await rules())).toEqual(limits);
    expect(await auditOf('set_new_account_rules')).toEqual([{ actor_id: admin.id, target_id: null, reason: null, detail: { from: defaultRules, to: limits } }]);
  });

  it('refuse limits out of range, and anyone but the organisation’s admins', async () => {
    expectError(await setRules({ ...limits, postsPerHour: 0 }), 'validation_failed');
    expectError(await setRules({ ...limits, picturesPerPost: 19 }), 'validation_failed');
    for (const actor of [moderator, member]) {
      expectError(await rules(actor), 'forbidden');
      expectError(await setRules(limits, actor), 'forbidden');
    }
    expectError(await rules(signedOut), 'login_required');
    expectError(await setRules(limits, signedOut), 'login_required');
  });
});

describe('new accounts are held to the limits', () => {
  it('posts an hour: the one past the allowance answers 429 with when to try again, and counts nothing', async () => {
    const newbie = await registerUser(app);
    data<Post>(await post(newbie, 'one'));
    data<Post>(await post(newbie, 'two'));
    expectHourSpent(await post(newbie, 'three'), 2);
    expectHourSpent(await post(newbie, 'four'), 2);
    const [row] = await app.db.query<{ hits: number }>(`select hits from rate_counters where key = $1`, [`new-post:user:${newbie.id}`]);
    expect(row!.hits).toBe(2);
    // Staff are not new: the admin posts on.
    for (const content of ['a', 'b', 'c']) data<Post>(await post(admin, content));
  });

  it('comments and mentions an hour', async () => {
    const target = data<Post>(await post(admin, 'talk here'));
    const newbie = await registerUser(app);
    data<Comment>(await commentOn(app, newbie, target.id, 'first'));
    data<Comment>(await commentOn(app, newbie, target.id, 'second'));
    expectHourSpent(await commentOn(app, newbie, target.id, 'third'), 2, 'cn');
    const caller = await registerUser(app);
    data<Post>(await post(caller, 'hello @someone @sometwo'));
    expectHourSpent(await commentOn(app, caller, target.id, '@one_more @and_another'), 3, 'cn');
    data<Comment>(await commentOn(app, caller, target.id, 'and @last'));
    // Each name counts, in one weighted hit per text: 2 + 1, the refused text's 2 taken back.
    const [mentions] = await app.db.query<{ hits: number }>('select hits from rate_counters where key = $1', [`new-mention:user:${caller.id}`]);
    expect(mentions!.hits).toBe(3);
  });

  it('refuses more links or pictures than allowed, naming the limit', async () => {
    const newbie = await registerUser(app);
    const links = await post(newbie, 'see https://a.example and www.b.example');
    expectError(links, 'too_many_links');
    expect(links.json()).toMatchObject({ data: { limit: 1 }, message: 'New accounts can put at most 1 links in one post or comment.' });
    data<Post>(await post(newbie, 'only https://a.example'));
    const target = data<Post>(await post(admin, 'links below'));
    expectError(await commentOn(app, newbie, target.id, 'http://x.example http://y.example'), 'too_many_links');
    const media = await Promise.all(['a.png', 'b.png'].map(async (name) => ({ path: await uploadAs(origin, newbie, name, await png(16, 16), 'image/png'), kind: 'image' as const })));
    const pictures = await createPost(app, newbie, { content: 'two pictures', media }, { lang: 'en' });
    expectError(pictures, 'too_many_pictures');
    expect(pictures.json()).toMatchObject({ data: { limit: 1 }, message: 'New accounts can put at most 1 pictures in one post.' });
    // An edit is held to them as well: a post's links and pictures, a comment's links.
    const edit = (id: string, payload: object) => app.inject({ method: 'PATCH', url: `/api/posts/${id}`, headers: { ...newbie.headers, 'idempotency-key': crypto.randomUUID() }, payload });
    const plain = data<Post>(await post(newbie, 'plain words'));
    expectError(await edit(plain.id, { content: 'now https://a.example https://b.example', media: [] }), 'too_many_links');
    expectError(await edit(plain.id, { content: 'two pictures now', media }), 'too_many_pictures');
    expect(data<Post>(await edit(plain.id, { content: 'one picture https://a.example', media: media.slice(0, 1) })).content).toBe('one picture https://a.example');
    const comment = data<Comment>(await commentOn(app, newbie, target.id, 'no links'));
    const editComment = (content: string) => app.inject({ method: 'PATCH', url: `/api/comments/${comment.id}`, headers: newbie.headers, payload: { content } });
    expectError(await editComment('http://x.example http://y.example'), 'too_many_links');
    expect(data<Comment>(await editComment('just http://x.example')).content).toBe('just http://x.example');
  });

  it('reads the rules and the writer’s standing in one statement on every write', async () => {
    const newbie = await registerUser(app);
    const other = await registerUser(app, { org: OTHER_ORG });
    const statements: string[] = [];
    const counted = { query: <T,>(sql: string, params?: unknown[]) => (statements.push(sql), app.db.query<T>(sql, params)) };
    const gate = new NewAccountsService(app.db);
    const links = { content: 'https://a.example https://b.example', pictures: 0 };
    await expect(gate.edit(counted, ORG, newbie.id, links)).rejects.toMatchObject({ key: 'too_many_links' });
    expect(statements).toHaveLength(1);
    // An organisation that never set limits has the defaults, off: one statement too, nothing refused.
    await gate.edit(counted, OTHER_ORG, other.id, links);
    expect(statements).toHaveLength(2);
  });

  it('holds first posts for review under post-moderation, until as many passed', async () => {
    data(await setRules({ ...limits, firstPostsReviewed: 1 }));
    const newbie = await registerUser(app);
    const first = data<Post>(await post(newbie, 'my first'));
    expect(first.reviewStatus).toBe('pending');
    const queue = data<Page<Post>>(await app.inject({ method: 'GET', url: '/api/admin/posts/pending', headers: moderator.headers }));
    expect(queue.items.map((p) => p.id)).toContain(first.id);
    data(await app.inject({ method: 'POST', url: `/api/admin/posts/${first.id}/pass`, headers: moderator.headers, payload: { reason: 'fine' } }));
    expect(data<Post>(await post(newbie, 'my second')).reviewStatus).toBe('passed');
    data(await setRules(limits));
  });
});

describe('staff raise a person’s trust', () => {
  it('lifts the limits, shows who did it, and can be taken back, each with its audit line', async () => {
    const newbie = await registerUser(app);
    data<Post>(await post(newbie, 'one'));
    data<Post>(await post(newbie, 'two'));
    expectHourSpent(await post(newbie, 'three'), 2);
    const raised = data<PersonTrust>(await trust(newbie, true));
    expect(raised).toMatchObject({ level: 'trusted', limited: false, ageDays: 0, passedPosts: 2, trustedBy: { id: moderator.id, username: moderator.username } });
    data<Post>(await post(newbie, 'three, now trusted, https://a.example https://b.example'));
    const [person] = data<Page<StaffPerson>>(await app.inject({ method: 'GET', url: `/api/admin/users?q=${newbie.username}`, headers: moderator.headers })).items;
    expect(person!.trust).toEqual({ ...raised, passedPosts: 3 });
    const lowered = data<PersonTrust>(await trust(newbie, false, admin));
    expect(lowered).toMatchObject({ level: 'new', limited: true, trustedBy: null, trustedAt: null });
    expect((await auditOf('trust_person')).at(-1)).toEqual({ actor_id: moderator.id, target_id: newbie.id, reason: 'known from the forum', detail: {} });
    expect((await auditOf('untrust_person')).at(-1)).toMatchObject({ actor_id: admin.id, target_id: newbie.id });
  });

  it('shows an account past both thresholds as having earned it', async () => {
    data(await setRules({ ...limits, youngerThanDays: 0, fewerPassedPostsThan: 0 }));
    const [person] = data<Page<StaffPerson>>(await app.inject({ method: 'GET', url: `/api/admin/users?q=${member.username}`, headers: moderator.headers })).items;
    expect(person!.trust).toMatchObject({ level: 'earned', limited: false });
    data(await setRules(limits));
  });

  it('is refused to members, to the signed out, and for someone of another organisation', async () => {
    const newbie = await registerUser(app);
    expectError(await trust(newbie, true, member), 'forbidden');
    expectError(await trust(newbie, true, signedOut), 'login_required');
    expectError(await trust({ ...newbie, id: '999999999' }, true), 'not_found');
    expectError(await app.inject({ method: 'PUT', url: `/api/admin/users/${newbie.id}/trust`, headers: moderator.headers, payload: { trusted: true } }), 'validation_failed');
  });
});
