import { describe, expect, it } from 'vitest';
import type { ApplyState, Config, ConfigCard, ConfigLikeState } from '@padhub/contracts';
import { buildTestApp, data, ORG, registerUser } from '#server-test/helper.ts';
import { makePost } from '#server/modules/community/test-fixtures.ts';
import { comboMacros, expectError, makeConfig } from './test-fixtures.ts';

const app = await buildTestApp({ REGISTER_LIMIT_PER_IP: '1000' });
const alice = await registerUser(app);
const bob = await registerUser(app);
const carol = await registerUser(app);
const anonymous = { accorgid: ORG };

type Headers = Record<string, string>;
const like = (id: string, headers: Headers, on = true) => app.inject({ method: on ? 'PUT' : 'DELETE', url: `/api/configs/${id}/like`, headers });
const get = (url: string, headers: Headers) => app.inject({ method: 'GET', url, headers });

async function shared() {
  const config = await makeConfig(app, alice, comboMacros());
  await makePost(app, alice, { configIds: [config.id] });
  return config;
}

describe('PUT and DELETE /api/configs/:id/like', () => {
  it('counts one like per person, idempotently both ways, and tells the viewer', async () => {
    const config = await shared();
    expect(data<ConfigLikeState>(await like(config.id, bob.headers))).toEqual({ liked: true, likeCount: 1 });
    expect(data<ConfigLikeState>(await like(config.id, bob.headers))).toEqual({ liked: true, likeCount: 1 });
    expect(data<ConfigLikeState>(await like(config.id, carol.headers))).toEqual({ liked: true, likeCount: 2 });
    expect(data<Config>(await get(`/api/configs/${config.id}`, bob.headers))).toMatchObject({ liked: true, likeCount: 2 });
    expect(data<Config>(await get(`/api/configs/${config.id}`, anonymous))).toMatchObject({ liked: false, likeCount: 2 });
    expect(data<ConfigLikeState>(await like(config.id, bob.headers, false))).toEqual({ liked: false, likeCount: 1 });
    expect(data<ConfigLikeState>(await like(config.id, bob.headers, false))).toEqual({ liked: false, likeCount: 1 });
  });

  it('stays right when many like and unlike at once', async () => {
    const config = await shared();
    const people = [bob, carol, ...(await Promise.all([1, 2, 3].map(() => registerUser(app))))];
    await Promise.all(people.flatMap((p) => [like(config.id, p.headers), like(config.id, p.headers)]));
    const [row] = await app.db.query<{ n: number; rows: number }>(
      'select like_count as n, (select count(*)::int from config_likes where config_id = $1) as rows from configs where id = $1',
      [config.id],
    );
    expect(row).toEqual({ n: people.length, rows: people.length });
  });

  it('refuses anonymous people, configurations the viewer cannot read, and malformed ids', async () => {
    const config = await shared();
    expectError(await like(config.id, anonymous), 'login_required');
    const hidden = await makeConfig(app, alice, comboMacros());
    expectError(await like(hidden.id, bob.headers), 'not_found');
    expectError(await like('abc', bob.headers), 'validation_failed');
  });
});

describe('POST /api/configs/:id/applies, per day', () => {
  it('counts one apply per person per day: ten taps count one, another day counts again', async () => {
    const config = await shared();
    for (let i = 0; i < 10; i++) await app.inject({ method: 'POST', url: `/api/configs/${config.id}/applies`, headers: bob.headers });
    expect(data<Config>(await get(`/api/configs/${config.id}`, bob.headers))).toMatchObject({ applied: true, applyCount: 1 });
    await app.db.query('update config_apply_days set day = day - 1 where config_id = $1', [config.id]);
    const again = data<ApplyState>(await app.inject({ method: 'POST', url: `/api/configs/${config.id}/applies`, headers: bob.headers }));
    expect(again).toEqual({ applied: true, applyCount: 2 });
    const [row] = await app.db.query<{ n: number }>('select applied_30d as n from configs where id = $1', [config.id]);
    expect(row!.n).toBe(2);
  });
});

describe('GET /api/configs/:id/copies (lineage)', () => {
  it('lists the copies the viewer may read, newest first, and the original counts them', async () => {
    const original = await shared();
    const bobs = data<Config>(await app.inject({ method: 'POST', url: `/api/configs/${original.id}/copies`, headers: bob.headers }));
    const carols = data<Config>(await app.inject({ method: 'POST', url: `/api/configs/${original.id}/copies`, headers: carol.headers }));
    expect(bobs.basedOn).toMatchObject({ id: original.id });
    await makePost(app, carol, { configIds: [carols.id] });
    const page = async (headers: Headers, query = '') =>
      data<{ items: ConfigCard[]; nextCursor: string | null }>(await get(`/api/configs/${original.id}/copies${query}`, headers));
    // Bob's copy is on no post: Bob sees it, others only Carol's shared one.
    expect((await page(bob.headers)).items.map((c) => c.id)).toEqual([carols.id, bobs.id]);
    expect((await page(anonymous)).items.map((c) => c.id)).toEqual([carols.id]);
    const first = await page(bob.headers, '?limit=1');
    expect(first.items.map((c) => c.id)).toEqual([carols.id]);
    expect((await page(bob.headers, `?limit=1&cursor=${first.nextCursor}`)).items.map((c) => c.id)).toEqual([bobs.id]);
    expect(data<Config>(await get(`/api/configs/${original.id}`, bob.headers)).saveCount).toBe(2);
  });

  it('is not_found for a configuration the viewer cannot read, and refuses a bad cursor', async () => {
    const hidden = await makeConfig(app, alice, comboMacros());
    expectError(await get(`/api/configs/${hidden.id}/copies`, bob.headers), 'not_found');
    const original = await shared();
    expectError(await get(`/api/configs/${original.id}/copies?cursor=nonsense`, bob.headers), 'validation_failed');
  });
});
