import { describe, expect, it } from 'vitest';
import type { Comment, Config } from '@padhub/contracts';
import { buildTestApp, data, ORG } from '#server-test/helper.ts';
import { listen } from '#server-test/storage.ts';
import { objectsOf } from '#server/modules/media-lifecycle/test-fixtures.ts';
import { ExportsRepo } from './exports-repo.ts';
import { AccountPurge } from './purge.ts';
import { act, activePerson, objectsUnder, until } from './test-fixtures.ts';

// The worker runs, and purges at once (ACCOUNT_PURGE_DAYS=0): the video is made before the deregistration, the purge right after.
const app = await buildTestApp({ REGISTER_LIMIT_PER_IP: '1000', JOBS_IN_PROCESS: '1', JOBS_POLL_MS: '500', ACCOUNT_PURGE_DAYS: '0' });
const { origin } = await listen(app);

/** Rows that still name the person, per table (the user row itself aside). */
async function rowsOf(userId: string): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  const tables: [string, string][] = [
    ['sessions', 'user_id'], ['login_networks', 'user_id'], ['login_devices', 'user_id'], ['post_likes', 'user_id'], ['post_favourites', 'user_id'],
    ['comment_likes', 'user_id'], ['post_requests', 'user_id'], ['create_requests', 'user_id'], ['configs', 'owner_id'], ['config_saves', 'user_id'],
    ['config_likes', 'user_id'], ['config_applies', 'user_id'], ['user_blocks', 'user_id'], ['user_blocks', 'target_id'], ['follows', 'follower_id'],
    ['follows', 'followee_id'], ['profiles', 'user_id'], ['notifications', 'recipient_id'], ['notification_actors', 'actor_id'],
    ['notification_settings', 'user_id'], ['notification_counters', 'user_id'], ['push_outbox', 'recipient_id'], ['videos', 'user_id'], ['data_exports', 'user_id'],
    ['active_days', 'user_id'], ['insight_usage', 'user_id'], ['personal_filters', 'user_id'], ['personal_filter_versions', 'user_id'],
    ['trusted_people', 'user_id'], ['trusted_people', 'trusted_by'],
  ];
  for (const [table, column] of tables) {
    const [row] = await app.db.query<{ n: number }>(`select count(*)::int as n from ${table} where ${column} = $1`, [userId]);
    if (row!.n > 0) counts[`${table}.${column}`] = row!.n;
  }
  const [words] = await app.db.query<{ n: number }>(
    `select (select count(*) from posts where author_id = $1 and (content <> '' or censored is not null or media <> '[]' or deleted_at is null))
          + (select count(*) from comments where author_id = $1 and (content <> '' or censored is not null or deleted_at is null)) as n`,
    [userId],
  );
  if (Number(words!.n) > 0) counts['posts and comments with words'] = Number(words!.n);
  const [counters] = await app.db.query<{ n: number }>(`select count(*)::int as n from rate_counters where key like 'new-%:user:' || $1`, [userId]);
  if (counters!.n > 0) counts['rate_counters.new accounts'] = counters!.n;
  return counts;
}

describe('deregistration, then the purge', () => {
  it('leaves nothing of the person in the store nor in their own rows, and keeps what others need, anonymised', async () => {
    const { alice, bob, post, copy, comment, reply, bobsPost } = await activePerson(app, origin);
    // An archive asked for and made: it goes too.
    data(await act(app, alice, 'POST', '/api/me/export'));
    const archive = await until(async () => (await app.db.query<{ object_key: string | null }>('select object_key from data_exports where user_id = $1', [alice.id]))[0], (r) => Boolean(r?.object_key));
    const before = await objectsUnder(app, alice);
    // The picture, its renditions, the video, its poster and renditions, its MP4: every one of them is Alice's.
    expect(before).toEqual(expect.arrayContaining(await objectsOf(app, post.media)));
    expect(before.some((key) => key.endsWith('.h264.mp4'))).toBe(true);
    expect(before.length).toBeGreaterThanOrEqual(7);
    expect(await app.storage.store.head(archive!.object_key!)).not.toBeNull();
    // A search of hers, counted for the insights (written out as the rollup would).
    await act(app, alice, 'GET', '/api/posts?q=purge');
    await app.usage.flush();
    expect(await rowsOf(alice.id)).toMatchObject({ 'insight_usage.user_id': 1 });
    expect(Object.keys(await rowsOf(alice.id)).length).toBeGreaterThan(10);

    // Trusted by staff, she trusted someone herself as staff; the new-account limits counted a post of hers.
    await app.db.query('insert into trusted_people (user_id, org_id, trusted_by) values ($1, $3, $2), ($2, $3, $1)', [alice.id, bob.id, ORG]);
    await app.db.query(`insert into rate_counters (key, window_start, hits) values ($1, date_trunc('hour', now()), 1)`, [`new-post:user:${alice.id}`]);
    expect(await rowsOf(alice.id)).toMatchObject({ 'trusted_people.user_id': 1, 'trusted_people.trusted_by': 1, 'rate_counters.new accounts': 1 });
    // Texts others read censored (docs/moderation.md, "Censored words") keep that copy too: it goes as well.
    await app.db.query(`update posts set censored = '■' where id = $1`, [post.id]);
    await app.db.query(`update comments set censored = '■' where id = $1`, [comment.id]);
    data(await act(app, alice, 'DELETE', '/api/me'));
    // Tokens die at once, and the account says 10101 at login.
    expect((await act(app, alice, 'GET', '/api/me')).statusCode).toBe(401);
    const login = await app.inject({ method: 'POST', url: '/api/auth/login', headers: { accorgid: ORG }, payload: { username: alice.username, password: 'correct horse battery' } });
    expect(login.json()).toMatchObject({ data: { state: 10101 } });

    const audit = await until(
      async () => (await app.db.query<{ detail: { removed: Record<string, number> } }>(`select detail from moderation_log where action = 'purge_account' and target_id = $1`, [alice.id]))[0],
      Boolean,
    );
    expect(audit?.detail.removed).toMatchObject({ configs: expect.any(Number), archives: 1 });
    expect(audit!.detail.removed.community).toBeGreaterThan(0);
    expect(await until(() => objectsUnder(app, alice), (keys) => keys.length === 0)).toEqual([]);
    // The archive goes right after the purge's transaction commits.
    expect(await until(() => app.storage.store.head(archive!.object_key!), (head) => head === null)).toBeNull();
    expect(await rowsOf(alice.id)).toEqual({});
    // Bob, whom she trusted, stays trusted, by no one.
    expect(await app.db.query('select trusted_by from trusted_people where user_id = $1', [bob.id])).toEqual([{ trusted_by: null }]);
    const [user] = await app.db.query<{ username: string; nickname: string; password_hash: string; state: number }>('select username, nickname, password_hash, state from users where id = $1', [alice.id]);
    // The username stays reserved (nobody may pose as the old account); nothing else is left.
    expect(user).toEqual({ username: alice.username, nickname: '', password_hash: '', state: 10101 });

    // Bob's copy of Alice's configuration stays his, with the original's name; it no longer points at a configuration that is gone.
    const kept = data<Config & { basedOn?: { id: string | null; name: string } | null }>(await act(app, bob, 'GET', `/api/configs/${copy.id}`));
    expect(kept).toMatchObject({ id: copy.id, name: copy.name });
    const [copyRow] = await app.db.query<{ owner_id: string; based_on_id: string | null; based_on_name: string }>('select owner_id, based_on_id, based_on_name from configs where id = $1', [copy.id]);
    expect(copyRow).toEqual({ owner_id: bob.id, based_on_id: null, based_on_name: copy.name });
    // Alice's comment keeps its place in Bob's thread, as deleted; Bob's reply under it stays.
    const thread = data<{ items: Comment[] }>(await act(app, bob, 'GET', `/api/posts/${bobsPost.id}/comments`));
    const replies = data<{ items: Comment[] }>(await act(app, bob, 'GET', `/api/comments/${comment.id}/replies`));
    expect(replies.items.map((c) => c.id)).toContain(reply.id);
    expect(thread.items.find((c) => c.id === comment.id)).toMatchObject({ deleted: true, content: '' });
    // Her like and favourite left Bob's post's counts.
    const [counts] = await app.db.query<{ like_count: number; favourite_count: number }>('select like_count, favourite_count from posts where id = $1', [bobsPost.id]);
    expect(counts).toEqual({ like_count: 0, favourite_count: 0 });
    // Bob's profile no longer counts her as a follower or followed.
    const profile = data<{ followerCount: number; followingCount: number }>(await act(app, bob, 'GET', `/api/users/${bob.id}`));
    expect(profile).toMatchObject({ followerCount: 0, followingCount: 0 });
  });

  it('does nothing to a person who is not deregistered (a job sent by mistake)', async () => {
    const { bob, copy } = await activePerson(app, origin);
    const purge = new AccountPurge({ exports: new ExportsRepo(app.db) }, app.lifecycle, app.storage.store);
    expect(await purge.run(ORG, bob.id)).toBeNull();
    expect(data<Config>(await act(app, bob, 'GET', `/api/configs/${copy.id}`)).id).toBe(copy.id);
  });
});

describe('the purge waits', () => {
  it('is queued with the deregistration, ACCOUNT_PURGE_DAYS (30 by default) later, and touches nothing before', async () => {
    const later = await buildTestApp({ REGISTER_LIMIT_PER_IP: '1000' });
    const person = data<{ token: string; user: { id: string } }>(
      await later.inject({ method: 'POST', url: '/api/auth/register', headers: { accorgid: ORG }, payload: { username: 'leaving', password: 'correct horse battery' } }),
    );
    const headers = { accorgid: ORG, token: person.token };
    const config = data<Config>(await later.inject({ method: 'POST', url: '/api/configs', headers, payload: (await import('#server/modules/configs/test-fixtures.ts')).swapMapping() }));
    data(await later.inject({ method: 'DELETE', url: '/api/me', headers }));
    const [job] = await later.db.query<{ days: number; data: { userId: string } }>(
      `select extract(epoch from start_after - now())::float8 / 86400 as days, data from pgboss.job where name = 'privacy.purge-account'`,
    );
    expect(job!.data.userId).toBe(person.user.id);
    expect(job!.days).toBeGreaterThan(29.9);
    expect(job!.days).toBeLessThanOrEqual(30);
    expect(await later.db.query('select id from configs where id = $1', [config.id])).toHaveLength(1);
  });
});
