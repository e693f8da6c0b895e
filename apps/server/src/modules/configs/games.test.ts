import { describe, expect, it } from 'vitest';
import type { Config, Game, SharedConfig } from '@padhub/contracts';
import { buildTestApp, data, ORG, OTHER_ORG, registerUser } from '#server-test/helper.ts';
import { makePost } from '#server/modules/community/test-fixtures.ts';
import { registerStaff } from '#server/modules/safety/test-fixtures.ts';
import { expectError, fpsMapping, makeConfig, swapMapping } from './test-fixtures.ts';

const app = await buildTestApp({ REGISTER_LIMIT_PER_IP: '1000' });
const alice = await registerUser(app);
const bob = await registerUser(app);
const admin = await registerStaff(app, 'admin');
const moderator = await registerStaff(app, 'moderator');
const stranger = await registerUser(app, { org: OTHER_ORG });

const games = async (q: string, headers: Record<string, string> = { accorgid: ORG }) =>
  data<{ items: Game[] }>(await app.inject({ method: 'GET', url: '/api/games', headers, query: { q } })).items;
const configGame = async (id: string, headers = alice.headers) => data<Config>(await app.inject({ method: 'GET', url: `/api/configs/${id}`, headers })).game;

describe('games named by configurations', () => {
  it('are one game however spaced or cased, keeping the first spelling', async () => {
    const first = await makeConfig(app, alice, { ...fpsMapping(), game: '  Genshin   Impact ' });
    const second = await makeConfig(app, bob, { ...swapMapping(), game: 'genshin impact' });
    expect(first.game).toBe('Genshin Impact');
    expect(second.game).toBe('Genshin Impact');
    expect(await games('GENSHIN')).toEqual([{ id: expect.any(String), name: 'Genshin Impact', names: { cn: null, jp: null, ko: null }, aliases: [] }]);
    expect(await games('genshin', stranger.headers)).toEqual([]);
    // Naming a game on a change; leaving it out keeps it; null clears it.
    const put = (game: unknown) =>
      app.inject({ method: 'PUT', url: `/api/configs/${first.id}`, headers: alice.headers, payload: { ...fpsMapping(), ...(game === undefined ? {} : { game }) } });
    expect(data<Config>(await put('Apex Legends')).game).toBe('Apex Legends');
    expect(data<Config>(await put(undefined)).game).toBe('Apex Legends');
    expect(data<Config>(await put(null)).game).toBeNull();
    expectError(await put('   '), 'validation_failed');
  });

  it('get the same row when two people name a new game at once', async () => {
    const made = await Promise.all(['Race Game', 'race  game', 'RACE GAME '].map((game) => makeConfig(app, alice, { ...swapMapping(), game })));
    expect(new Set(made.map((c) => c.game))).toEqual(new Set([made[0]!.game]));
    expect(await games('race game')).toHaveLength(1);
  });
});

describe('admins name games and merge them', () => {
  it('renames, refusing another game’s name, with an audit line', async () => {
    const config = await makeConfig(app, alice, { ...swapMapping(), game: 'elden ring' });
    await makeConfig(app, alice, { ...swapMapping(), game: 'Dark Souls' });
    const [game] = await games('elden');
    const rename = (name: string, headers = admin.headers) =>
      app.inject({ method: 'PUT', url: `/api/admin/games/${game!.id}`, headers, payload: { name } });
    expect(data<Game>(await rename(' Elden  Ring '))).toMatchObject({ id: game!.id, name: 'Elden Ring' });
    expect(await configGame(config.id)).toBe('Elden Ring');
    expectError(await rename('dark souls'), 'game_exists');
    expectError(await rename('Elden Ring', moderator.headers), 'forbidden');
    expectError(await rename('Elden Ring', bob.headers), 'forbidden');
    expectError(await rename(''), 'validation_failed');
    const [line] = await app.db.query<{ action: string; detail: unknown }>(
      `select action, detail from moderation_log where target_type = 'game' and target_id = $1 order by id desc limit 1`,
      [game!.id],
    );
    expect(line).toEqual({ action: 'rename_game', detail: { from: 'elden ring', to: 'Elden Ring' } });
  });

  it('merges one game into another: its configurations move and it is gone', async () => {
    const a = await makeConfig(app, alice, { ...swapMapping(), game: 'Street Fighter 6' });
    const b = await makeConfig(app, bob, { ...swapMapping(), game: 'SF6' });
    const [from] = await games('sf6');
    const [into] = await games('street');
    const merge = (id: string, target: string, headers = admin.headers) =>
      app.inject({ method: 'POST', url: `/api/admin/games/${id}/merge`, headers, payload: { into: target } });
    expectError(await merge(from!.id, into!.id, moderator.headers), 'forbidden');
    expectError(await merge(from!.id, from!.id), 'validation_failed');
    // What people called the merged game still finds the other: its name became an alias.
    expect(data<Game>(await merge(from!.id, into!.id))).toEqual({ ...into, aliases: ['SF6'] });
    expect(await configGame(b.id, bob.headers)).toBe('Street Fighter 6');
    expect(await configGame(a.id)).toBe('Street Fighter 6');
    expect(await games('sf6')).toEqual([{ ...into, aliases: ['SF6'] }]);
    expectError(await merge(from!.id, into!.id), 'not_found');
    const [line] = await app.db.query<{ detail: { configs: number } }>(
      `select detail from moderation_log where action = 'merge_game' and target_id = $1`,
      [into!.id],
    );
    expect(line!.detail.configs).toBe(1);
  });
});

describe('names in four languages and aliases', () => {
  const put = (id: string, payload: Record<string, unknown>, headers = admin.headers) => app.inject({ method: 'PUT', url: `/api/admin/games/${id}`, headers, payload });
  const hub = async (query: Record<string, string>) =>
    data<{ items: SharedConfig[] }>(await app.inject({ method: 'GET', url: '/api/configs/shared', headers: { accorgid: ORG }, query: { limit: '50', ...query } })).items.map((c) => c.id);

  it('are kept by admins, audited, and find the game by any of them, any width or case', async () => {
    const config = await makeConfig(app, alice, { ...fpsMapping(), game: 'Genshin Impact 2' });
    const postId = await makePost(app, alice, { configIds: [config.id] });
    expect(postId).toBeTruthy();
    const [game] = await games('genshin impact 2');
    const names = { cn: ' 原神 2 ', jp: 'ゲンシン2', ko: '원신 2' };
    const saved = data<Game>(await put(game!.id, { name: 'Genshin Impact 2', names, aliases: ['GI2', 'gi2', 'Genshin2'] }));
    expect(saved).toEqual({ id: game!.id, name: 'Genshin Impact 2', names: { cn: '原神 2', jp: 'ゲンシン2', ko: '원신 2' }, aliases: ['GI2', 'Genshin2'] });
    // Prefix, a word's start, a CJK part, full width and case: each finds it, the closest first.
    for (const q of ['gen', 'impact', 'ＧＩ２', '神', '원신', 'ｹﾞﾝｼﾝ', 'genshinimpact', '原神2']) expect((await games(q)).map((g) => g.id), q).toContain(game!.id);
    expect(await games('mpact')).toEqual([]);
    expect(await games('原神', stranger.headers)).toEqual([]);
    // The hub: its game filter and its words find the configurations by any name.
    for (const value of ['原神 2', 'ｇｉ２', 'Genshin2']) expect(await hub({ game: value }), value).toEqual([config.id]);
    expect(await hub({ q: '원신' })).toContain(config.id);
    expect(await hub({ q: 'GI2' })).toContain(config.id);
    // A configuration naming an alias is for the game.
    expect((await makeConfig(app, bob, { ...swapMapping(), game: 'gi2' })).game).toBe('Genshin Impact 2');
    // A language left out keeps its name; an empty one falls back to English.
    expect(data<Game>(await put(game!.id, { name: 'Genshin Impact 2', names: { jp: '' } })).names).toEqual({ cn: '原神 2', jp: null, ko: '원신 2' });
    expect(await games('ゲンシン')).toEqual([]);
    const [line] = await app.db.query<{ detail: Record<string, unknown> }>(
      `select detail from moderation_log where action = 'rename_game' and target_id = $1 order by id desc limit 1`,
      [game!.id],
    );
    expect(line!.detail).toEqual({ from: 'Genshin Impact 2', to: 'Genshin Impact 2', names: { from: saved.names, to: { ...saved.names, jp: null } } });
  });

  it('refuse another game’s name or alias, bad input and anyone but an admin', async () => {
    await makeConfig(app, alice, { ...swapMapping(), game: 'Tekken 8' });
    await makeConfig(app, alice, { ...swapMapping(), game: 'Tekken 7' });
    const [eight] = await games('tekken 8');
    const [seven] = await games('tekken 7');
    expect(data<Game>(await put(eight!.id, { name: 'Tekken 8', aliases: ['T8'] })).aliases).toEqual(['T8']);
    expectError(await put(seven!.id, { name: 'Tekken 7', aliases: ['ｔ８'] }), 'game_exists');
    expectError(await put(seven!.id, { name: 'Tekken 7', names: { jp: 'tekken 8' } }), 'game_exists');
    expect((await games('tekken 7'))[0]!.aliases).toEqual([]);
    expectError(await put(eight!.id, { name: 'Tekken 8', aliases: Array.from({ length: 13 }, (_, i) => `T${i}`) }), 'validation_failed');
    expectError(await put(eight!.id, { name: 'Tekken 8', aliases: ['  '] }), 'validation_failed');
    expectError(await put(eight!.id, { name: 'Tekken 8', names: { ko: 'x'.repeat(61) } }), 'validation_failed');
    expectError(await put(eight!.id, { name: 'Tekken 8', aliases: [] }, moderator.headers), 'forbidden');
    expectError(await put(eight!.id, { name: 'Tekken 8', aliases: [] }, alice.headers), 'forbidden');
    expect((await games('t8'))[0]!.id).toBe(eight!.id);
  });
});
