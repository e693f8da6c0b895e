import { describe, expect, it } from 'vitest';
import type { Config, ConfigCard, Post } from '@padhub/contracts';
import { buildTestApp, data, ORG, OTHER_ORG, registerUser } from '#server-test/helper.ts';
import { makePost } from '#server/modules/community/test-fixtures.ts';
import { comboMacros, createConfig, expectError, fpsMapping, makeConfig, swapMapping } from './test-fixtures.ts';

const app = await buildTestApp({ REGISTER_LIMIT_PER_IP: '1000' });
const alice = await registerUser(app);
const bob = await registerUser(app);
const stranger = await registerUser(app, { org: OTHER_ORG });
const anonymous = { headers: { accorgid: ORG } };

type Headers = Record<string, string>;
const get = (url: string, headers: Headers) => app.inject({ method: 'GET', url, headers });
const put = (url: string, headers: Headers, payload: object) => app.inject({ method: 'PUT', url, headers, payload });
const del = (url: string, headers: Headers) => app.inject({ method: 'DELETE', url, headers });

describe('POST /api/configs', () => {
  it('saves a mapping and a macro list to my library and answers them whole', async () => {
    const mapping = await makeConfig(app, alice, fpsMapping('elite-x'));
    expect(mapping).toMatchObject({
      model: 'elite-x',
      kind: 'mapping',
      name: 'FPS paddles',
      entryNames: [],
      author: { id: alice.id, username: alice.username },
      basedOn: null,
      applyCount: 0,
      saveCount: 0,
      applied: false,
      savedCopyId: null,
      content: fpsMapping().content,
    });
    expect(mapping).not.toHaveProperty('configurationList');
    const macros = await makeConfig(app, alice, comboMacros());
    expect(macros).toMatchObject({ kind: 'macro', entryNames: ['Hadoken', 'Shoryuken'], configurationList: comboMacros().configurationList });
    expect(macros).not.toHaveProperty('content');
  });

  it('refuses malformed bodies with the issues, and models the organisation does not offer', async () => {
    const bad = await createConfig(app, alice, { ...swapMapping(), content: { layers: [{ name: 'Base', shift: null, bindings: [{ input: 'p1', output: { type: 'button', button: 'a' } }] }] } });
    expectError(bad, 'validation_failed');
    expect(bad.json().data.issues).toEqual([{ path: 'body.content.layers.0.bindings.0.input', message: 'the lite has no input "p1"' }]);
    expectError(await createConfig(app, alice, { model: 'lite', kind: 'mapping', name: 'Nothing' }), 'validation_failed');
    expectError(await createConfig(app, alice, { ...swapMapping(), name: '' }), 'validation_failed');

    const unknown = await createConfig(app, alice, swapMapping('switch-pro'));
    expectError(unknown, 'config_model_unknown');
    expect(unknown.json().data.models).toEqual(['pro-2', 'lite', 'elite-x', 'arcade']);
    // The other organisation offers only two of the models.
    expectError(await createConfig(app, stranger, fpsMapping('elite-x')), 'config_model_unknown');
    data(await createConfig(app, stranger, swapMapping('lite')));
  });

  it('refuses an oversized body', async () => {
    const steps = Array.from({ length: 200 }, (_, i) => ({ action: i % 2 ? 'release' : 'press', button: 'a' }));
    const body = { model: 'pro-2', kind: 'macro', name: 'Huge', configurationList: Array.from({ length: 8 }, (_, i) => ({ name: `m${i}`, content: { trigger: { input: 'p1', mode: 'tap' }, steps } })) };
    const res = await createConfig(app, alice, body);
    expectError(res, 'validation_failed');
    expect(res.json().data.issues[0].message).toMatch(/larger than/);
  });

  it('needs a login', async () => {
    expectError(await createConfig(app, anonymous, swapMapping()), 'login_required');
  });
});

describe('GET /api/configs', () => {
  const owner = registerUser(app);

  it('lists only my own, newest first, filtered by model, kind and words, page by page', async () => {
    const me = await owner;
    const lite = await makeConfig(app, me, swapMapping('lite', 'Racing layout'));
    const fps = await makeConfig(app, me, fpsMapping('pro-2', 'Apex paddles'));
    const combos = await makeConfig(app, me, comboMacros('arcade', 'SF6 100% combo'));
    await makeConfig(app, bob, swapMapping('lite', 'Racing layout of Bob'));

    const all = data<{ items: ConfigCard[] }>(await get('/api/configs', me.headers));
    expect(all.items.map((c) => c.id)).toEqual([combos.id, fps.id, lite.id]);
    expect(all.items[0]).not.toHaveProperty('configurationList');
    expect(all.items[0]).toMatchObject({ entryNames: ['Hadoken', 'Shoryuken'] });
    const ids = async (query: string) => data<{ items: ConfigCard[] }>(await get(`/api/configs?${query}`, me.headers)).items.map((c) => c.id);
    expect(await ids('model=lite')).toEqual([lite.id]);
    expect(await ids('kind=macro')).toEqual([combos.id]);
    expect(await ids('q=racing')).toEqual([lite.id]);
    expect(await ids('q=shoryu')).toEqual([combos.id]);
    // Pattern characters are searched for as themselves.
    expect(await ids('q=100%25')).toEqual([combos.id]);
    expect(await ids('q=_')).toEqual([]);

    const first = data<{ items: ConfigCard[]; nextCursor: string }>(await get('/api/configs?limit=2', me.headers));
    expect(first.items).toHaveLength(2);
    const second = data<{ items: ConfigCard[]; nextCursor: string | null }>(await get(`/api/configs?limit=2&cursor=${first.nextCursor}`, me.headers));
    expect([...first.items, ...second.items].map((c) => c.id)).toEqual([combos.id, fps.id, lite.id]);
    expect(second.nextCursor).toBeNull();
  });

  it('refuses bad filters and cursors', async () => {
    const me = await owner;
    expectError(await get('/api/configs?kind=profile', me.headers), 'validation_failed');
    expectError(await get('/api/configs?cursor=nonsense', me.headers), 'validation_failed');
    expectError(await get('/api/configs?limit=500', me.headers), 'validation_failed');
  });

  it('needs a login, and shows another organisation nothing of mine', async () => {
    expectError(await get('/api/configs', anonymous.headers), 'login_required');
    await makeConfig(app, alice, swapMapping('lite', 'Only in padhub'));
    const theirs = data<{ items: ConfigCard[] }>(await get('/api/configs', stranger.headers));
    expect(theirs.items.every((c) => c.author.id === stranger.id)).toBe(true);
  });
});

describe('GET /api/configs/:id', () => {
  it('is readable by its owner, and by anyone who can see a post carrying it', async () => {
    const config = await makeConfig(app, alice, fpsMapping());
    expect(data<Config>(await get(`/api/configs/${config.id}`, alice.headers)).id).toBe(config.id);
    expectError(await get(`/api/configs/${config.id}`, bob.headers), 'not_found');
    expectError(await get(`/api/configs/${config.id}`, anonymous.headers), 'not_found');

    await makePost(app, alice, { configIds: [config.id] });
    expect(data<Config>(await get(`/api/configs/${config.id}`, bob.headers))).toMatchObject({ id: config.id, content: config.content });
    expect(data<Config>(await get(`/api/configs/${config.id}`, anonymous.headers)).id).toBe(config.id);
    expectError(await get(`/api/configs/${config.id}`, stranger.headers), 'not_found');
  });

  it('follows the post: pending, deleted or hidden posts do not make it readable', async () => {
    const config = await makeConfig(app, alice);
    await makePost(app, alice, { configIds: [config.id], reviewStatus: 'pending' });
    expectError(await get(`/api/configs/${config.id}`, bob.headers), 'not_found');
    const post = await makePost(app, alice, { configIds: [config.id] });
    data(await get(`/api/configs/${config.id}`, bob.headers));
    await app.db.query('update posts set deleted_at = now() where id = $1', [post]);
    expectError(await get(`/api/configs/${config.id}`, bob.headers), 'not_found');
  });

  it('is hidden from someone who blocked its owner', async () => {
    const carol = await registerUser(app);
    const config = await makeConfig(app, alice);
    await makePost(app, alice, { configIds: [config.id] });
    data(await get(`/api/configs/${config.id}`, carol.headers));
    data(await app.inject({ method: 'PUT', url: `/api/blocks/${alice.id}`, headers: carol.headers }));
    expectError(await get(`/api/configs/${config.id}`, carol.headers), 'not_found');
  });

  it('refuses a malformed id', async () => {
    expectError(await get('/api/configs/abc', alice.headers), 'validation_failed');
  });
});

describe('PUT /api/configs/:id', () => {
  it('replaces name and body of my own configuration', async () => {
    const config = await makeConfig(app, alice);
    const changed = data<Config>(await put(`/api/configs/${config.id}`, alice.headers, { ...swapMapping(), name: 'Renamed', configurationList: [{ name: 'Only', content: swapMapping().content }], content: undefined }));
    expect(changed).toMatchObject({ id: config.id, name: 'Renamed', entryNames: ['Only'] });
    expect(changed).not.toHaveProperty('content');
    expect(Date.parse(changed.updatedAt)).toBeGreaterThanOrEqual(Date.parse(config.updatedAt));
  });

  it('keeps model and kind, and refuses bad bodies', async () => {
    const config = await makeConfig(app, alice);
    const moved = await put(`/api/configs/${config.id}`, alice.headers, swapMapping('pro-2'));
    expectError(moved, 'validation_failed');
    expect(moved.json().data.issues[0].path).toBe('body.model');
    expectError(await put(`/api/configs/${config.id}`, alice.headers, { ...swapMapping(), content: { layers: [] } }), 'validation_failed');
  });

  it('lets nobody else change it: anonymous, another user, another organisation', async () => {
    const config = await makeConfig(app, alice);
    expectError(await put(`/api/configs/${config.id}`, anonymous.headers, swapMapping()), 'login_required');
    expectError(await put(`/api/configs/${config.id}`, bob.headers, swapMapping()), 'not_found');
    await makePost(app, alice, { configIds: [config.id] });
    // Bob can read it now, and still cannot change it.
    expectError(await put(`/api/configs/${config.id}`, bob.headers, swapMapping()), 'forbidden');
    expectError(await put(`/api/configs/${config.id}`, stranger.headers, swapMapping()), 'not_found');
    expect(data<Config>(await get(`/api/configs/${config.id}`, alice.headers)).name).toBe(config.name);
  });
});

describe('DELETE /api/configs/:id', () => {
  it('deletes my own: gone from my library, from its posts and from reading', async () => {
    const config = await makeConfig(app, alice);
    const post = await makePost(app, alice, { configIds: [config.id] });
    data(await del(`/api/configs/${config.id}`, alice.headers));
    expectError(await get(`/api/configs/${config.id}`, alice.headers), 'not_found');
    expect(data<{ items: ConfigCard[] }>(await get('/api/configs?limit=50', alice.headers)).items.map((c) => c.id)).not.toContain(config.id);
    expect(data<{ items: ConfigCard[] }>(await get(`/api/posts/${post}/configs`, bob.headers)).items).toEqual([]);
    // The post no longer lists it, nor counts as one with configurations.
    expect(data<Post>(await get(`/api/posts/${post}`, bob.headers)).configs).toEqual([]);
    const [row] = await app.db.query<{ has_configs: boolean }>('select has_configs from posts where id = $1', [post]);
    expect(row!.has_configs).toBe(false);
    expectError(await del(`/api/configs/${config.id}`, alice.headers), 'not_found');
  });

  it('lets nobody else delete it', async () => {
    const config = await makeConfig(app, alice);
    await makePost(app, alice, { configIds: [config.id] });
    expectError(await del(`/api/configs/${config.id}`, anonymous.headers), 'login_required');
    expectError(await del(`/api/configs/${config.id}`, bob.headers), 'forbidden');
    expectError(await del(`/api/configs/${config.id}`, stranger.headers), 'not_found');
    expectError(await del('/api/configs/0', alice.headers), 'validation_failed');
    data(await get(`/api/configs/${config.id}`, bob.headers));
  });
});

describe('OpenAPI', () => {
  it('documents the configuration routes from the contracts', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    for (const path of ['/api/configs', '/api/configs/{id}', '/api/configs/{id}/copies', '/api/configs/{id}/applies', '/api/configs/{id}/posts', '/api/posts/{id}/configs']) {
      expect(Object.keys(doc.paths), path).toContain(path);
    }
    const body = JSON.stringify(doc.paths['/api/configs'].post.requestBody.content['application/json'].schema);
    for (const word of ['mapping', 'macro', 'configurationList', 'layers', 'steps']) expect(body).toContain(word);
  });
});
