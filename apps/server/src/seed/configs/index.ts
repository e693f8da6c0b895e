import type { Queryable } from '#server/db/client.ts';
import { resolveGame } from '#server/modules/configs/games-repo.ts';
import { insertConfig } from '#server/modules/configs/repo.ts';
import { languages } from '@padhub/contracts';
import { random } from '#server/seed/community/bulk.ts';
import { nameSeededGames } from './games.ts';
import { type LibraryKey, library } from './library.ts';

export interface ConfigSeed {
  orgId: string;
  otherOrgId: string;
  /** The organisation's models: a configuration for a model it does not offer is left out. */
  models: string[];
  otherModels: string[];
}

/**
 * Who owns what. The demo account has six for its Pro 2 (so the Config page can show the limit of
 * five per post) and some for three other models.
 */
const owners: [string, LibraryKey[]][] = [
  ['demo', ['warzone', 'apex', 'forza', 'eldenRing', 'rocketLeague', 'hollowKnight', 'sf6Ryu', 'marioKart']],
  ['moderator', ['leftHanded']],
  ['admin', ['tournamentFps']],
  ['maxpad', ['haloPaddles']],
  ['alex_r', ['fortnite']],
  ['yuki_s', ['tekken']],
  ['minji', ['genshinSwap']],
  ['kai.chen', ['hitbox']],
  ['wei_plays', ['racingLite']],
];

/** The game each configuration is for: two share Street Fighter 6, so the hub's game filter finds more than one. */
const gameOf: Record<LibraryKey, string> = {
  warzone: 'Call of Duty: Warzone',
  apex: 'Apex Legends',
  forza: 'Forza Horizon 5',
  eldenRing: 'Elden Ring',
  rocketLeague: 'Rocket League',
  hollowKnight: 'Hollow Knight',
  sf6Ryu: 'Street Fighter 6',
  marioKart: 'Mario Kart 8 Deluxe',
  haloPaddles: 'Halo Infinite',
  leftHanded: 'Destiny 2',
  tournamentFps: 'Overwatch 2',
  fortnite: 'Fortnite',
  tekken: 'Tekken 8',
  genshinSwap: 'Genshin Impact',
  hitbox: 'Street Fighter 6',
  racingLite: 'Gran Turismo 7',
};

/**
 * Configurations shared in posts, by the owner's posts they go on. The groups take the content
 * languages in turn (Chinese first: the default feed), so every language's feed carries some.
 */
const shared: LibraryKey[][] = [
  ['warzone', 'apex'],
  ['sf6Ryu'],
  ['marioKart'],
  ['leftHanded'],
  ['tournamentFps'],
  ['haloPaddles'],
  ['fortnite'],
  ['tekken'],
  ['genshinSwap'],
  ['hitbox'],
  ['racingLite'],
  // Last, so the posts and the applies drawn for those above stay as they were.
  ['eldenRing'],
];

/** Copies people saved of others' shared configurations: [who, whose (by library key)]. */
const copies: [string, LibraryKey][] = [
  ['demo', 'haloPaddles'],
  ['alex_r', 'warzone'],
  ['minji', 'warzone'],
  ['lena.m', 'warzone'],
  ['sora.k', 'tekken'],
  ['taro88', 'sf6Ryu'],
  ['jihoon_pad', 'fortnite'],
];

/** Configurations for the demo accounts and several members, some of them on posts, applied and copied. */
export async function seedConfigs(q: Queryable, seed: ConfigSeed): Promise<void> {
  const rng = random(20_261_205);
  const users = await q.query<{ id: string; username: string }>('select id, username from users where org_id = $1', [seed.orgId]);
  const userId = new Map(users.map((u) => [u.username, u.id]));
  const ids = new Map<LibraryKey, { id: string; ownerId: string }>();
  for (const [username, keys] of owners) {
    const ownerId = userId.get(username);
    if (!ownerId) continue;
    for (const key of keys) {
      const body = library[key];
      if (!seed.models.includes(body.model)) continue;
      const gameId = await resolveGame(q, seed.orgId, gameOf[key]);
      ids.set(key, { id: await insertConfig(q, { orgId: seed.orgId, ownerId, body, gameId }), ownerId });
    }
  }

  const used = new Set<string>();
  for (const [i, keys] of shared.entries()) {
    const configs = keys.map((k) => ids.get(k)).filter((c) => c !== undefined);
    if (configs.length === 0) continue;
    const [post] = await q.query<{ id: string }>(
      `select id from posts where org_id = $1 and author_id = $2 and review_status = 'passed' and not (id = any ($3::bigint[]))
       order by (lang = $4) desc, (lang = 'cn') desc, id desc limit 1`,
      [seed.orgId, configs[0]!.ownerId, [...used], languages[i % languages.length]],
    );
    if (!post) continue;
    used.add(post.id);
    await q.query('update posts set config_ids = $2::bigint[], model = $3 where id = $1', [post.id, configs.map((c) => c.id), library[keys[0]!].model]);
  }

  for (const [username, key] of copies) {
    const source = ids.get(key);
    const saver = userId.get(username);
    if (!source || !saver) continue;
    const body = library[key];
    const gameId = await resolveGame(q, seed.orgId, gameOf[key]);
    const basedOn = { id: source.id, name: body.name, authorId: source.ownerId };
    const copyId = await insertConfig(q, { orgId: seed.orgId, ownerId: saver, body, basedOn, gameId });
    await q.query('insert into config_saves (config_id, user_id, copy_id) values ($1, $2, $3)', [source.id, saver, copyId]);
  }

  // Some members applied each shared configuration to their controller, on a few days of the last
  // six weeks (the days of the last 30 are kept per day, as applies keep them), and some like it.
  const sharedIds = shared.flat().map((k) => ids.get(k)?.id).filter((id) => id !== undefined);
  for (const configId of sharedIds) {
    const appliers = rng.shuffle(users.map((u) => u.id)).slice(0, rng.int(1, users.length - 1));
    for (const id of appliers) {
      await q.query('insert into config_applies (config_id, user_id) values ($1, $2)', [configId, id]);
      const daysAgo = [...new Set(Array.from({ length: rng.int(1, 3) }, () => rng.int(0, 41)))];
      await q.query(
        `insert into config_apply_days (config_id, user_id, day)
         select $1, $2, (now() at time zone 'utc')::date - ago from unnest($3::int[]) ago where ago < 30`,
        [configId, id, daysAgo],
      );
      await q.query('update configs set apply_count = apply_count + $2 where id = $1', [configId, daysAgo.length]);
    }
    const likers = rng.shuffle(users.map((u) => u.id)).slice(0, rng.int(0, Math.ceil(users.length / 2)));
    for (const id of likers) await q.query('insert into config_likes (config_id, user_id) values ($1, $2)', [configId, id]);
  }
  await q.query(
    `update configs c set
       applied_30d = (select count(*) from config_apply_days d where d.config_id = c.id),
       like_count = (select count(*) from config_likes l where l.config_id = c.id),
       save_count = (select count(*) from config_saves s where s.config_id = c.id)
     where c.org_id = $1`,
    [seed.orgId],
  );
  await q.query('update configs set rank_30d = applied_30d, rank_applied = apply_count, rank_liked = like_count where org_id = $1', [seed.orgId]);

  // The other organisation's demo account has one of its own, to show that nothing crosses.
  const [otherDemo] = await q.query<{ id: string }>(`select id from users where org_id = $1 and username = 'demo'`, [seed.otherOrgId]);
  if (otherDemo && seed.otherModels.includes(library.marioKart.model)) {
    const gameId = await resolveGame(q, seed.otherOrgId, gameOf.marioKart);
    await insertConfig(q, { orgId: seed.otherOrgId, ownerId: otherDemo.id, body: library.marioKart, gameId });
  }
  await nameSeededGames(q, seed.orgId);
  await nameSeededGames(q, seed.otherOrgId);
}
