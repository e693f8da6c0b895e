import { describe, expect, it } from 'vitest';
import type { Config, Game } from '@padhub/contracts';
import { buildTestApp, data, ORG, OTHER_ORG, registerUser } from '#server-test/helper.ts';
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
    expect(await games('GENSHIN')).toEqual([{ id: expect.any(String), name: 'Genshin Impact' }]);
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

describe('admins rename and merge games', () => {
  it('renames, refusing another game’s name, with an audit line', async () => {
    const config = await makeConfig(app, alice, { ...swapMapping(), game: 'elden ring' });
    await makeConfig(app, alice, { ...swapMapping(), game: 'Dark Souls' });
    const [game] = await games('elden');
    const rename = (name: string, headers = admin.headers) =>
      app.inject({ method: 'PUT', url: `/api/admin/games/${game!.id}`, headers, payload: { name } });
    expect(data<Game>(await rename(' Elden  Ring '))).toEqual({ id: game!.id, name: 'Elden Ring' });
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
    expect(data<Game>(await merge(from!.id, into!.id))).toEqual(into);
    expect(await configGame(b.id, bob.headers)).toBe('Street Fighter 6');
    expect(await configGame(a.id)).toBe('Street Fighter 6');
    expect(await games('sf6')).toEqual([]);
    expectError(await merge(from!.id, into!.id), 'not_found');
    const [line] = await app.db.query<{ detail: { configs: number } }>(
      `select detail from moderation_log where action = 'merge_game' and target_id = $1`,
      [into!.id],
    );
    expect(line!.detail.configs).toBe(1);
  });
});
