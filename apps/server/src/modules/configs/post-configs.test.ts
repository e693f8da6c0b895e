import { describe, expect, it } from 'vitest';
import type { ConfigCard, Post } from '@padhub/contracts';
import { buildTestApp, data, ORG, OTHER_ORG, registerUser } from '#server-test/helper.ts';
import { makePost } from '#server/modules/community/test-fixtures.ts';
import { comboMacros, expectError, fpsMapping, makeConfig } from './test-fixtures.ts';

const app = await buildTestApp();
const alice = await registerUser(app);
const bob = await registerUser(app);
const stranger = await registerUser(app, { org: OTHER_ORG });
const anonymous = { accorgid: ORG };

const get = (url: string, headers: Record<string, string>) => app.inject({ method: 'GET', url, headers });
const cardsOf = async (postId: string, headers: Record<string, string>) => data<{ items: ConfigCard[] }>(await get(`/api/posts/${postId}/configs`, headers)).items;

describe('GET /api/posts/:id/configs', () => {
  it('answers the cards of the post’s configurations in the order attached, to anyone who sees the post', async () => {
    const fps = await makeConfig(app, alice, fpsMapping('elite-x'));
    const combos = await makeConfig(app, alice, comboMacros());
    const post = await makePost(app, alice, { configIds: [combos.id, fps.id] });
    const cards = await cardsOf(post, anonymous);
    expect(cards.map((c) => c.id)).toEqual([combos.id, fps.id]);
    expect(cards[0]).toEqual({
      id: combos.id,
      model: 'arcade',
      kind: 'macro',
      name: 'Combos',
      entryNames: ['Hadoken', 'Shoryuken'],
      game: null,
      author: expect.objectContaining({ id: alice.id }),
      basedOn: null,
      applyCount: 0,
      saveCount: 0,
      likeCount: 0,
      createdAt: combos.createdAt,
      updatedAt: combos.updatedAt,
    });
    expect((await cardsOf(post, bob.headers)).length).toBe(2);
    expect(await cardsOf(await makePost(app, alice), bob.headers)).toEqual([]);
  });

  it('names the kinds a post carries, each once, on the post itself (the feed card’s icons)', async () => {
    const [fps, combos, more] = [await makeConfig(app, alice, fpsMapping('elite-x')), await makeConfig(app, alice, comboMacros()), await makeConfig(app, alice, comboMacros('arcade', 'More'))];
    const both = await makePost(app, alice, { configIds: [combos.id, fps.id, more.id] });
    const plain = await makePost(app, alice);
    expect(data<Post>(await get(`/api/posts/${both}`, anonymous)).configKinds).toEqual(['macro', 'mapping']);
    expect(data<Post>(await get(`/api/posts/${plain}`, anonymous)).configKinds).toEqual([]);
    const feed = data<{ items: Post[] }>(await get('/api/posts?sort=new&limit=5', bob.headers)).items;
    expect(feed.find((p) => p.id === both)?.configKinds).toEqual(['macro', 'mapping']);
  });

  it('is not_found for a post the viewer cannot see, another organisation’s, or a malformed id', async () => {
    const config = await makeConfig(app, alice);
    const pending = await makePost(app, alice, { configIds: [config.id], reviewStatus: 'pending' });
    expectError(await get(`/api/posts/${pending}/configs`, bob.headers), 'not_found');
    expect((await cardsOf(pending, alice.headers)).map((c) => c.id)).toEqual([config.id]);
    const post = await makePost(app, alice, { configIds: [config.id] });
    expectError(await get(`/api/posts/${post}/configs`, stranger.headers), 'not_found');
    expectError(await get('/api/posts/abc/configs', bob.headers), 'validation_failed');
  });

  it('leaves out what the viewer’s blocks hide', async () => {
    const config = await makeConfig(app, alice);
    const post = await makePost(app, alice, { configIds: [config.id] });
    const carol = await registerUser(app);
    data(await app.inject({ method: 'PUT', url: `/api/blocks/${alice.id}`, headers: carol.headers }));
    expectError(await get(`/api/posts/${post}/configs`, carol.headers), 'not_found');
    expectError(await get(`/api/configs/${config.id}/posts`, carol.headers), 'not_found');
  });
});

describe('GET /api/configs/:id/posts', () => {
  it('lists every post the viewer may see that carries it, newest first, page by page, in every language', async () => {
    const config = await makeConfig(app, alice);
    const posts = [
      await makePost(app, alice, { configIds: [config.id], lang: 'cn' }),
      await makePost(app, alice, { configIds: [config.id], lang: 'en' }),
      await makePost(app, alice, { configIds: [config.id], lang: 'jp', reviewStatus: 'pending' }),
      await makePost(app, alice, { configIds: [config.id], lang: 'ko' }),
    ];
    await makePost(app, alice);
    const first = data<{ items: Post[]; nextCursor: string }>(await get(`/api/configs/${config.id}/posts?limit=2`, bob.headers));
    const second = data<{ items: Post[]; nextCursor: string | null }>(await get(`/api/configs/${config.id}/posts?limit=2&cursor=${first.nextCursor}`, bob.headers));
    expect([...first.items, ...second.items].map((p) => p.id)).toEqual([posts[3], posts[1], posts[0]]);
    expect(second.nextCursor).toBeNull();
    expect(first.items[0]).toMatchObject({ configs: [config.id], author: { id: alice.id } });
    const anonymousIds = data<{ items: Post[] }>(await get(`/api/configs/${config.id}/posts`, anonymous)).items.map((p) => p.id);
    expect(anonymousIds).toEqual([posts[3], posts[1], posts[0]]);
  });

  it('is not_found for a configuration the viewer cannot read, and refuses bad cursors', async () => {
    const unshared = await makeConfig(app, alice);
    expectError(await get(`/api/configs/${unshared.id}/posts`, bob.headers), 'not_found');
    expect(data<{ items: Post[] }>(await get(`/api/configs/${unshared.id}/posts`, alice.headers)).items).toEqual([]);
    const shared = await makeConfig(app, alice);
    await makePost(app, alice, { configIds: [shared.id] });
    expectError(await get(`/api/configs/${shared.id}/posts`, stranger.headers), 'not_found');
    expectError(await get(`/api/configs/${shared.id}/posts?cursor=abc`, bob.headers), 'validation_failed');
    expectError(await get('/api/configs/-1/posts', bob.headers), 'validation_failed');
  });
});
