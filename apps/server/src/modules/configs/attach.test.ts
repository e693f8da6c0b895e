import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { type ConfigCard, type Post, errorMessages } from '@padhub/contracts';
import { AppError } from '#server/lib/errors.ts';
import { buildTestApp, data, OTHER_ORG, registerUser } from '#server-test/helper.ts';
import { ConfigsOffer } from './offer.ts';
import { ConfigsRepo } from './repo.ts';
import { comboMacros, expectError, fpsMapping, makeConfig, swapMapping } from './test-fixtures.ts';

const app = await buildTestApp();
const alice = await registerUser(app);
const bob = await registerUser(app);
const stranger = await registerUser(app, { org: OTHER_ORG });

// A test is a composition root of its own: it builds the offer posting is handed.
const offer = new ConfigsOffer({ configs: new ConfigsRepo(app.db) });
const attach = (configIds: string[], userId = alice.id, orgId = alice.org) => app.db.tx((q) => offer.attachConfigs(q, { orgId, userId, configIds }));

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(() => undefined, (e: unknown) => e);
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

const many = (count: number, model = 'lite') => Promise.all(Array.from({ length: count }, (_, i) => makeConfig(app, alice, swapMapping(model, `Layout ${i}`))));

describe('attachConfigs (inside the post transaction)', () => {
  it('answers my own configurations in the order given, without duplicates', async () => {
    const [a, b] = await many(2);
    const c = await makeConfig(app, alice, comboMacros());
    expect(await attach([c.id, a!.id, c.id, b!.id])).toEqual([c.id, a!.id, b!.id]);
    expect(await attach([])).toEqual([]);
  });

  it('takes five of one model, and refuses the sixth with the spec’s message', async () => {
    const lite = await many(6);
    const pro = await Promise.all(Array.from({ length: 5 }, () => makeConfig(app, alice, fpsMapping('pro-2'))));
    const ten = [...lite.slice(0, 5), ...pro].map((c) => c.id);
    expect(await attach(ten)).toEqual(ten);
    const error = await refusal(attach(lite.map((c) => c.id)));
    expect(error.key).toBe('config_too_many_of_model');
    expect(error.data).toEqual({ model: 'lite', max: 5 });
    expect(errorMessages.config_too_many_of_model.en).toBe('You can attach at most five configurations of the same model');
    expect(errorMessages.config_too_many_of_model.cn).toBe('同一型号最多只能上传五个配置');
  });

  it('refuses another person’s configuration: they must save a copy first', async () => {
    const mine = await makeConfig(app, alice);
    const theirs = await makeConfig(app, bob);
    const error = await refusal(attach([mine.id, theirs.id]));
    expect(error.key).toBe('config_not_yours');
    expect(error.data).toEqual({ configIds: [theirs.id] });
    expect(errorMessages.config_not_yours.en).toMatch(/Save a copy/);
  });

  it('refuses unknown, deleted and other organisations’ configurations', async () => {
    const deleted = await makeConfig(app, alice);
    data(await app.inject({ method: 'DELETE', url: `/api/configs/${deleted.id}`, headers: alice.headers }));
    const elsewhere = await makeConfig(app, stranger, swapMapping('lite'));
    for (const id of [deleted.id, elsewhere.id, '999999999']) {
      const error = await refusal(attach([id]));
      expect(error.key).toBe('validation_failed');
      expect(JSON.stringify(error.data)).toContain(`configuration ${id} does not exist`);
    }
    // Even its owner cannot attach it from another organisation.
    expect((await refusal(attach([elsewhere.id], stranger.id, alice.org))).key).toBe('validation_failed');
  });
});

describe('POST /api/posts with configIds', () => {
  const send = (actor: typeof alice, configIds: string[]) =>
    app.inject({
      method: 'POST',
      url: '/api/posts',
      headers: { ...actor.headers, 'accept-language': 'en', 'idempotency-key': randomUUID() },
      payload: { content: 'My layouts', configIds },
    });

  it('carries my configurations, shown as cards in the order attached', async () => {
    const [a, b] = await many(2);
    const post = data<Post>(await send(alice, [b!.id, a!.id]));
    expect(post.configs).toEqual([b!.id, a!.id]);
    const cards = data<{ items: ConfigCard[] }>(await app.inject({ method: 'GET', url: `/api/posts/${post.id}/configs`, headers: bob.headers }));
    expect(cards.items.map((c) => c.id)).toEqual([b!.id, a!.id]);
    const feed = data<{ items: Post[] }>(await app.inject({ method: 'GET', url: '/api/posts?hasConfigs=true', headers: { ...bob.headers, 'accept-language': 'en' } }));
    expect(feed.items.map((p) => p.id)).toContain(post.id);
  });

  it('refuses a sixth of one model and another person’s configuration, and makes no post', async () => {
    const lite = await many(6);
    const theirs = await makeConfig(app, bob);
    const before = await app.db.query<{ n: number }>('select count(*)::int as n from posts where author_id = $1', [alice.id]);
    const tooMany = await send(alice, lite.map((c) => c.id));
    expectError(tooMany, 'config_too_many_of_model');
    expect(tooMany.json().message).toBe('You can attach at most five configurations of the same model');
    expectError(await send(alice, [theirs.id]), 'config_not_yours');
    const after = await app.db.query<{ n: number }>('select count(*)::int as n from posts where author_id = $1', [alice.id]);
    expect(after[0]!.n).toBe(before[0]!.n);
  });
});
