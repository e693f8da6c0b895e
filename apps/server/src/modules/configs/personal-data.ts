import type { Queryable } from '#server/db/client.ts';

/**
 * A person's configuration in the body `POST /api/configs` takes (contracts' `configInputSchema`),
 * so an archive's configurations can be imported again, here or in another organisation.
 */
export interface ConfigBody {
  model: string;
  name: string;
  game: string | null;
  kind: 'mapping' | 'macro';
  content?: unknown;
  configurationList?: unknown;
}

/** The person's live configurations, oldest first. */
export async function configsData(q: Queryable, userId: string): Promise<ConfigBody[]> {
  const rows = await q.query<{ model: string; name: string; game: string | null; kind: 'mapping' | 'macro'; content: unknown; configuration_list: unknown }>(
    `select c.model, c.name, g.name as game, c.kind, c.content, c.configuration_list
     from configs c left join games g on g.id = c.game_id
     where c.owner_id = $1 and c.deleted_at is null order by c.id`,
    [userId],
  );
  return rows.map((r) => ({
    model: r.model,
    name: r.name,
    game: r.game,
    kind: r.kind,
    ...(r.content !== null ? { content: r.content } : { configurationList: r.configuration_list }),
  }));
}

/**
 * The purge of a deregistered person's configurations (docs/privacy.md, "Deletion"): theirs go
 * with everything that hangs from them. A copy someone else saved stays theirs: it forgets the
 * original's id, and keeps its name and (anonymised) author, as when an original is deleted.
 * Their likes leave the counts they were in. Answers the rows removed.
 */
export async function forgetConfigs(q: Queryable, userId: string): Promise<number> {
  let removed = 0;
  await q.query('update configs c set like_count = greatest(0, c.like_count - 1) from config_likes l where l.user_id = $1 and c.id = l.config_id', [userId]);
  await q.query('update configs c set save_count = greatest(0, c.save_count - 1) from config_saves s where s.user_id = $1 and c.id = s.config_id', [userId]);
  const mine = 'select id from configs where owner_id = $1';
  for (const table of ['config_likes', 'config_applies', 'config_apply_days', 'config_saves']) {
    removed += (await q.query(`delete from ${table} where user_id = $1 or config_id in (${mine}) returning 1`, [userId])).length;
  }
  removed += (await q.query(`update config_saves set copy_id = null where copy_id in (${mine}) returning 1`, [userId])).length;
  await q.query(`update configs set based_on_id = null where based_on_id in (${mine}) and owner_id <> $1`, [userId]);
  await q.query(`update configs set based_on_id = null where owner_id = $1`, [userId]);
  removed += (await q.query('delete from configs where owner_id = $1 returning 1', [userId])).length;
  return removed;
}
