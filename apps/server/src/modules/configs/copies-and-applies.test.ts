import { describe, expect, it } from 'vitest';
import type { ApplyState, Config, ConfigCard } from '@padhub/contracts';
import { buildTestApp, data, ORG, OTHER_ORG, registerUser } from '#server-test/helper.ts';
import { makePost } from '#server/modules/community/test-fixtures.ts';
import { comboMacros, expectError, fpsMapping, makeConfig } from './test-fixtures.ts';

// Many accounts register from one address here.
const app = await buildTestApp({ REGISTER_LIMIT_PER_IP: '1000' });
const alice = await registerUser(app);
const bob = await registerUser(app);
const stranger = await registerUser(app, { org: OTHER_ORG });
const anonymous = { accorgid: ORG };

type Headers = Record<string, string>;
const post = (url: string, headers: Headers) => app.inject({ method: 'POST', url, headers });
const get = (url: string, headers: Headers) => app.inject({ method: 'GET', url, headers });

/** Alice's configuration, on one of her posts so that others can see it. */
async function shared(body = fpsMapping()) {
  const config = await makeConfig(app, alice, body);
  await makePost(app, alice, { configIds: [config.id] });
  return config;
}

async function count(sql: string, params: unknown[]) {
  const [row] = await app.db.query<{ n: number }>(sql, params);
  return row!.n;
}

describe('POST /api/configs/:id/copies (save to my configurations)', () => {
  it('copies it into my library with where it came from, crediting the author', async () => {
    const original = await shared(comboMacros());
    const copy = data<Config>(await post(`/api/configs/${original.id}/copies`, bob.headers));
    expect(copy.id).not.toBe(original.id);
    expect(copy).toMatchObject({
      model: original.model,
      kind: 'macro',
      name: original.name,
      author: { id: bob.id },
      basedOn: { id: original.id, name: original.name, author: { id: alice.id, username: alice.username } },
      configurationList: original.kind === 'macro' ? original.configurationList : [],
      saveCount: 0,
    });
    const mine = data<{ items: ConfigCard[] }>(await get('/api/configs', bob.headers));
    expect(mine.items[0]).toMatchObject({ id: copy.id, basedOn: { id: original.id, author: { id: alice.id } } });
    expect(data<Config>(await get(`/api/configs/${original.id}`, bob.headers))).toMatchObject({ saveCount: 1, savedCopyId: copy.id });
  });

  it('shows the lineage of a copy of a copy, and keeps the credit when the original is deleted', async () => {
    const original = await shared();
    const bobs = data<Config>(await post(`/api/configs/${original.id}/copies`, bob.headers));
    await makePost(app, bob, { configIds: [bobs.id] });
    const carol = await registerUser(app);
    const carols = data<Config>(await post(`/api/configs/${bobs.id}/copies`, carol.headers));
    expect(carols.basedOn).toMatchObject({ id: bobs.id, author: { id: bob.id } });
    expect(data<Config>(await get(`/api/configs/${carols.basedOn!.id}`, carol.headers)).basedOn).toMatchObject({ id: original.id, author: { id: alice.id } });

    data(await app.inject({ method: 'DELETE', url: `/api/configs/${original.id}`, headers: alice.headers }));
    expect(data<Config>(await get(`/api/configs/${bobs.id}`, bob.headers)).basedOn).toEqual({
      id: null,
      name: original.name,
      author: expect.objectContaining({ id: alice.id, username: alice.username }),
    });
  });

  it('answers the same copy when saved again, and makes a new one after I deleted mine, counting me once', async () => {
    const original = await shared();
    const first = data<Config>(await post(`/api/configs/${original.id}/copies`, bob.headers));
    expect(data<Config>(await post(`/api/configs/${original.id}/copies`, bob.headers)).id).toBe(first.id);
    data(await app.inject({ method: 'DELETE', url: `/api/configs/${first.id}`, headers: bob.headers }));
    expect(data<Config>(await get(`/api/configs/${original.id}`, bob.headers)).savedCopyId).toBeNull();
    const again = data<Config>(await post(`/api/configs/${original.id}/copies`, bob.headers));
    expect(again.id).not.toBe(first.id);
    expect(data<Config>(await get(`/api/configs/${original.id}`, alice.headers)).saveCount).toBe(1);
  });

  it('refuses my own, what I cannot read, anonymous and another organisation', async () => {
    const original = await shared();
    expectError(await post(`/api/configs/${original.id}/copies`, alice.headers), 'config_already_yours');
    expectError(await post(`/api/configs/${original.id}/copies`, anonymous), 'login_required');
    expectError(await post(`/api/configs/${original.id}/copies`, stranger.headers), 'not_found');
    const unshared = await makeConfig(app, alice);
    expectError(await post(`/api/configs/${unshared.id}/copies`, bob.headers), 'not_found');
    expectError(await post('/api/configs/x/copies', bob.headers), 'validation_failed');
    expect(await count('select count(*)::int as n from configs where based_on_id = any ($1::bigint[])', [[original.id, unshared.id]])).toBe(0);
  });

  it('counts exactly when 20 people save at once, and one person saving 5 times at once gets one copy', async () => {
    const original = await shared();
    const people = await Promise.all(Array.from({ length: 20 }, () => registerUser(app)));
    const copies = await Promise.all(people.map((p) => post(`/api/configs/${original.id}/copies`, p.headers)));
    expect(new Set(copies.map((res) => data<Config>(res).id)).size).toBe(20);
    const again = await Promise.all(Array.from({ length: 5 }, () => post(`/api/configs/${original.id}/copies`, bob.headers)));
    expect(new Set(again.map((res) => data<Config>(res).id)).size).toBe(1);
    expect(data<Config>(await get(`/api/configs/${original.id}`, alice.headers)).saveCount).toBe(21);
    expect(await count('select count(*)::int as n from configs where based_on_id = $1 and deleted_at is null', [original.id])).toBe(21);
  });
});

describe('POST /api/configs/:id/applies', () => {
  it('counts each person once, and tells the viewer they applied it', async () => {
    const config = await shared();
    expect(data<ApplyState>(await post(`/api/configs/${config.id}/applies`, bob.headers))).toEqual({ applied: true, applyCount: 1 });
    expect(data<ApplyState>(await post(`/api/configs/${config.id}/applies`, bob.headers))).toEqual({ applied: true, applyCount: 1 });
    expect(data<ApplyState>(await post(`/api/configs/${config.id}/applies`, alice.headers))).toEqual({ applied: true, applyCount: 2 });
    expect(data<Config>(await get(`/api/configs/${config.id}`, bob.headers))).toMatchObject({ applied: true, applyCount: 2 });
    expect(data<Config>(await get(`/api/configs/${config.id}`, anonymous))).toMatchObject({ applied: false, applyCount: 2 });
  });

  it('counts exactly when 20 people apply at once, and a person applying 10 times at once counts once', async () => {
    const config = await shared();
    const people = await Promise.all(Array.from({ length: 20 }, () => registerUser(app)));
    await Promise.all([...people, ...Array.from({ length: 10 }, () => bob)].map((p) => post(`/api/configs/${config.id}/applies`, p.headers)).map(async (res) => data(await res)));
    expect(data<Config>(await get(`/api/configs/${config.id}`, alice.headers)).applyCount).toBe(21);
    expect(await count('select count(*)::int as n from config_applies where config_id = $1', [config.id])).toBe(21);
  });

  it('refuses anonymous, what I cannot read and another organisation', async () => {
    const config = await shared();
    expectError(await post(`/api/configs/${config.id}/applies`, anonymous), 'login_required');
    expectError(await post(`/api/configs/${config.id}/applies`, stranger.headers), 'not_found');
    const unshared = await makeConfig(app, alice);
    expectError(await post(`/api/configs/${unshared.id}/applies`, bob.headers), 'not_found');
    expectError(await post('/api/configs/1.5/applies', bob.headers), 'validation_failed');
    expect(await count('select apply_count as n from configs where id = $1', [config.id])).toBe(0);
  });
});
