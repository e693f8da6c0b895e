import { describe, expect, it } from 'vitest';
import { DEREGISTERED_STATE, type SharedConfig } from '@padhub/contracts';
import { buildTestApp, data, ORG, OTHER_ORG, registerUser, type Actor } from '#server-test/helper.ts';
import { makePost } from '#server/modules/community/test-fixtures.ts';
import { deleteList, putList } from '#server/modules/safety/test-fixtures.ts';
import { RankingRepo } from './ranking-repo.ts';
import { comboMacros, expectError, fpsMapping, makeConfig, swapMapping } from './test-fixtures.ts';

const app = await buildTestApp({ REGISTER_LIMIT_PER_IP: '1000' });
const alice = await registerUser(app);
const bob = await registerUser(app);
const carol = await registerUser(app);
const anonymous = { accorgid: ORG };

type Page = { items: SharedConfig[]; nextCursor: string | null };
let gameCounter = 0;
/** A game of this test alone: its filter keeps the other tests' configurations out. */
const freshGame = () => `Test Game ${process.pid} ${++gameCounter}`;

async function hub(query: Record<string, string>, headers: Record<string, string> = bob.headers): Promise<Page> {
  return data<Page>(await app.inject({ method: 'GET', url: '/api/configs/shared', headers, query: { limit: '50', ...query } }));
}
const ids = async (query: Record<string, string>, headers?: Record<string, string>) => (await hub(query, headers)).items.map((c) => c.id);

async function shared(author: Actor, game: string, body = fpsMapping()) {
  const config = await makeConfig(app, author, { ...body, game });
  const postId = await makePost(app, author, { configIds: [config.id] });
  return { ...config, postId };
}

const rank = () => new RankingRepo(app.db).refresh(true);
async function applyAll(id: string, actors: Actor[]) {
  for (const actor of actors) data(await app.inject({ method: 'POST', url: `/api/configs/${id}/applies`, headers: actor.headers }));
}

describe('GET /api/configs/shared', () => {
  it('lists configurations on visible posts with the item the hub shows, newest first', async () => {
    const game = freshGame();
    const a = await shared(alice, game, comboMacros('arcade', 'Hadouken set'));
    const b = await shared(alice, `  ${game.toLowerCase()}  `, swapMapping());
    await makeConfig(app, alice, { ...fpsMapping(), game }); // on no post: private
    const page = await hub({ game, sort: 'new' });
    expect(page.items.map((c) => c.id)).toEqual([b.id, a.id]);
    expect(page.items[1]).toEqual({
      id: a.id,
      name: 'Hadouken set',
      kind: 'macro',
      model: 'arcade',
      game,
      author: expect.objectContaining({ id: alice.id }),
      appliedCount: 0,
      likeCount: 0,
      copyCount: 0,
      liked: false,
      basedOn: null,
      postId: a.postId,
      lang: 'cn',
      // The longer of its two macros: four taps of 16 ms.
      macroMs: 64,
      createdAt: a.createdAt,
    });
    expect(page.items[0]!.macroMs).toBeNull();
    expect(page.nextCursor).toBeNull();
    expect(await ids({ game, sort: 'new' }, anonymous)).toEqual([b.id, a.id]);
  });

  it('tells the language of the post each configuration is shared on', async () => {
    const game = freshGame();
    const config = await makeConfig(app, alice, { ...fpsMapping(), game });
    await makePost(app, alice, { configIds: [config.id], lang: 'jp' });
    expect((await hub({ game })).items.map((c) => [c.id, c.lang])).toEqual([[config.id, 'jp']]);
  });

  it('names each card’s game in the reader’s language where the game has that name, else in English', async () => {
    const game = freshGame();
    const config = await shared(alice, game);
    await app.db.query(`update games set names = '{"jp": "テストゲーム"}' where org_id = $1 and name = $2`, [ORG, game]);
    const gameOf = async (lang: string) => (await hub({ game }, { ...bob.headers, 'accept-language': lang })).items.map((c) => [c.id, c.game]);
    expect(await gameOf('jp')).toEqual([[config.id, 'テストゲーム']]);
    expect(await gameOf('ko')).toEqual([[config.id, game]]);
    expect(await gameOf('en')).toEqual([[config.id, game]]);
  });

  it('filters by model, game (any spelling), kind and words in the name, game or author', async () => {
    const game = freshGame();
    const other = freshGame();
    const macro = await shared(alice, game, comboMacros('arcade', 'Rapid fire'));
    const mapping = await shared(alice, game, swapMapping('lite', 'Swap'));
    const elsewhere = await shared(carol, other, swapMapping('lite', 'Swap too'));
    expect(await ids({ game: game.toUpperCase(), sort: 'new' })).toEqual([mapping.id, macro.id]);
    expect(await ids({ game, model: 'lite', sort: 'new' })).toEqual([mapping.id]);
    expect(await ids({ game, kind: 'macro', sort: 'new' })).toEqual([macro.id]);
    expect(await ids({ model: 'lite', q: other, sort: 'new' })).toEqual([elsewhere.id]);
    expect(await ids({ q: 'rapid', game, sort: 'new' })).toEqual([macro.id]);
    expect(await ids({ q: carol.username, sort: 'new' })).toEqual([elsewhere.id]);
    expect(await ids({ game: 'No such game at all' })).toEqual([]);
  });

  it('sorts by applies in 30 days, applies ever and likes, each a ranking refreshed together', async () => {
    const game = freshGame();
    const [x, y, z] = [await shared(alice, game), await shared(alice, game), await shared(alice, game)];
    await applyAll(y.id, [bob, carol]);
    await applyAll(z.id, [bob]);
    await app.inject({ method: 'PUT', url: `/api/configs/${x.id}/like`, headers: bob.headers });
    // Until the rankings are refreshed the order stands (the counts shown are live).
    const before = await hub({ game, sort: 'applied30' });
    expect(before.items.find((c) => c.id === y.id)!.appliedCount).toBe(2);
    await rank();
    expect(await ids({ game, sort: 'applied30' })).toEqual([y.id, z.id, x.id]);
    expect(await ids({ game, sort: 'applied' })).toEqual([y.id, z.id, x.id]);
    expect(await ids({ game, sort: 'liked' })).toEqual([x.id, z.id, y.id]);
    // Applies that leave the 30 days leave the 30-day ranking, not the ever ranking.
    await app.db.query(`update config_apply_days set day = day - 30 where config_id = $1`, [y.id]);
    await rank();
    expect(await ids({ game, sort: 'applied30' })).toEqual([z.id, y.id, x.id]);
    expect(await ids({ game, sort: 'applied' })).toEqual([y.id, z.id, x.id]);
    const [row] = await app.db.query<{ applied_30d: number }>('select applied_30d from configs where id = $1', [y.id]);
    expect(row!.applied_30d).toBe(0);
  });

  it('pages without repeats or gaps while applies change the counts', async () => {
    const game = freshGame();
    const configs = [];
    for (let i = 0; i < 7; i++) configs.push(await shared(alice, game));
    await applyAll(configs[3]!.id, [bob]);
    await rank();
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: Page = await hub({ game, sort: 'applied30', limit: '2', ...(cursor ? { cursor } : {}) });
      seen.push(...page.items.map((c) => c.id));
      // Between pages someone applies the last configuration not yet listed, and unlikes nothing.
      const unseen = configs.filter((c) => !seen.includes(c.id));
      if (unseen.length) await applyAll(unseen.at(-1)!.id, [carol, bob]);
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toHaveLength(7);
    expect(new Set(seen).size).toBe(7);
    expect(seen[0]).toBe(configs[3]!.id);
  });

  it('leaves out configurations on posts that are pending, refused or deleted, and deleted ones', async () => {
    const game = freshGame();
    const pending = await makeConfig(app, alice, { ...fpsMapping(), game });
    await makePost(app, alice, { configIds: [pending.id], reviewStatus: 'pending' });
    const refused = await shared(alice, game);
    await app.db.query(`update posts set review_status = 'not_passed' where id = $1`, [refused.postId]);
    const deletedPost = await shared(alice, game);
    await app.db.query('update posts set deleted_at = now() where id = $1', [deletedPost.postId]);
    const deleted = await shared(alice, game);
    data(await app.inject({ method: 'DELETE', url: `/api/configs/${deleted.id}`, headers: alice.headers }));
    const kept = await shared(alice, game);
    expect(await ids({ game, sort: 'new' })).toEqual([kept.id]);
    // Passed again, it is back.
    await app.db.query(`update posts set review_status = 'passed' where id = $1`, [refused.postId]);
    expect(await ids({ game, sort: 'new' })).toEqual([kept.id, refused.id]);
  });

  it('leaves out authors the viewer blocked, who blacklisted the viewer, or who deregistered', async () => {
    const game = freshGame();
    const dave = await registerUser(app);
    const erin = await registerUser(app);
    const ofAlice = await shared(alice, game);
    const ofDave = await shared(dave, game);
    const ofErin = await shared(erin, game);
    data(await putList(app, bob, 'blocks', alice.id));
    data(await putList(app, dave, 'blacklist', bob.id));
    await app.db.query('update users set state = $2 where id = $1', [erin.id, DEREGISTERED_STATE]);
    expect(await ids({ game, sort: 'new' })).toEqual([]);
    expect(await ids({ game, sort: 'new' }, carol.headers)).toEqual([ofDave.id, ofAlice.id]);
    data(await deleteList(app, bob, 'blocks', alice.id));
    expect(await ids({ game, sort: 'new' })).toEqual([ofAlice.id]);
    expect(ofErin.id).toBeDefined();
  });

  it('shows another organisation nothing, and refuses bad filters and forged cursors', async () => {
    const game = freshGame();
    await shared(alice, game);
    const stranger = await registerUser(app, { org: OTHER_ORG });
    expect(await ids({ game, sort: 'new' }, stranger.headers)).toEqual([]);
    const bad = (query: Record<string, string>) => app.inject({ method: 'GET', url: '/api/configs/shared', headers: bob.headers, query });
    expectError(await bad({ sort: 'popular' }), 'validation_failed');
    expectError(await bad({ kind: 'profile' }), 'validation_failed');
    expectError(await bad({ limit: '0' }), 'validation_failed');
    const newCursor = (await hub({ limit: '1', sort: 'new' })).nextCursor!;
    expectError(await bad({ sort: 'liked', cursor: newCursor }), 'validation_failed');
  });
});
