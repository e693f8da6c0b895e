import type { Queryable } from '../../db/client.ts';
import { insertConfig } from '../../modules/configs/repo.ts';
import { random } from '../community/bulk.ts';
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

/** Configurations shared in posts, by the owner's posts they go on (Chinese posts first: the default feed). */
const shared: LibraryKey[][] = [['warzone', 'apex'], ['sf6Ryu'], ['marioKart'], ['leftHanded'], ['tournamentFps'], ['haloPaddles'], ['fortnite'], ['tekken'], ['genshinSwap'], ['hitbox'], ['racingLite']];

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
      ids.set(key, { id: await insertConfig(q, { orgId: seed.orgId, ownerId, body }), ownerId });
    }
  }

  const used = new Set<string>();
  for (const keys of shared) {
    const configs = keys.map((k) => ids.get(k)).filter((c) => c !== undefined);
    if (configs.length === 0) continue;
    const [post] = await q.query<{ id: string }>(
      `select id from posts where org_id = $1 and author_id = $2 and review_status = 'passed' and not (id = any ($3::bigint[]))
       order by (lang = 'cn') desc, id desc limit 1`,
      [seed.orgId, configs[0]!.ownerId, [...used]],
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
    const copyId = await insertConfig(q, { orgId: seed.orgId, ownerId: saver, body, basedOn: { id: source.id, name: body.name, authorId: source.ownerId } });
    await q.query('insert into config_saves (config_id, user_id, copy_id) values ($1, $2, $3)', [source.id, saver, copyId]);
  }

  // Some members applied each shared configuration to their controller.
  const sharedIds = shared.flat().map((k) => ids.get(k)?.id).filter((id) => id !== undefined);
  for (const configId of sharedIds) {
    const appliers = rng.shuffle(users.map((u) => u.id)).slice(0, rng.int(1, users.length - 1));
    for (const id of appliers) await q.query('insert into config_applies (config_id, user_id) values ($1, $2)', [configId, id]);
  }
  await q.query(
    `update configs c set
       apply_count = (select count(*) from config_applies a where a.config_id = c.id),
       save_count = (select count(*) from config_saves s where s.config_id = c.id)
     where c.org_id = $1`,
    [seed.orgId],
  );

  // The other organisation's demo account has one of its own, to show that nothing crosses.
  const [otherDemo] = await q.query<{ id: string }>(`select id from users where org_id = $1 and username = 'demo'`, [seed.otherOrgId]);
  if (otherDemo && seed.otherModels.includes(library.marioKart.model)) {
    await insertConfig(q, { orgId: seed.otherOrgId, ownerId: otherDemo.id, body: library.marioKart });
  }
}
