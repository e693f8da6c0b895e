import { type Game, gameKey } from '@padhub/contracts';
import type { Queryable } from '#server/db/client.ts';

const prefixPattern = (q: string) => `${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The game named `name` (already trimmed and collapsed by the contract) in the organisation, made
 * with this spelling when it is new. Run in the transaction that saves the configuration: two
 * people naming a new game at once meet at the unique key, and both get the one row (the no-op
 * update makes the loser's statement return it).
 */
export async function resolveGame(q: Queryable, orgId: string, name: string): Promise<string> {
  const [row] = await q.query<{ id: string }>(
    `insert into games (org_id, name, key) values ($1, $2, $3)
     on conflict (org_id, key) do update set key = excluded.key returning id`,
    [orgId, name, gameKey(name)],
  );
  return row!.id;
}

/** The id of the game spelled like `name`, if the organisation has one. */
export async function gameIdByName(q: Queryable, orgId: string, name: string): Promise<string | undefined> {
  const [row] = await q.query<{ id: string }>('select id from games where org_id = $1 and key = $2', [orgId, gameKey(name)]);
  return row?.id;
}

export class GamesRepo {
  constructor(private readonly db: Queryable) {}

  /** Games whose name starts with `q` (any case), by name. */
  suggest(orgId: string, q: string | undefined, limit: number): Promise<Game[]> {
    return this.db.query<Game>(
      `select id, name from games where org_id = $1 and ($2::text is null or key like $2)
       order by key limit $3`,
      [orgId, q ? prefixPattern(gameKey(q)) : null, limit],
    );
  }

  /** Locks the game for a rename or merge; undefined when the organisation has no such game. */
  async lock(orgId: string, id: string): Promise<Game | undefined> {
    const [row] = await this.db.query<Game>('select id, name from games where id = $1 and org_id = $2 for update', [id, orgId]);
    return row;
  }

  /** False when another game already has the new name's key. */
  async rename(orgId: string, id: string, name: string): Promise<boolean> {
    const rows = await this.db.query(
      `update games set name = $3, key = $4 where id = $1 and org_id = $2
         and not exists (select 1 from games o where o.org_id = $2 and o.key = $4 and o.id <> $1)
       returning id`,
      [id, orgId, name, gameKey(name)],
    );
    return rows.length > 0;
  }

  /** Moves the game's configurations to `into` and removes the game; answers how many moved. */
  async merge(orgId: string, id: string, into: string): Promise<number> {
    const moved = await this.db.query('update configs set game_id = $3 where game_id = $1 and org_id = $2 returning id', [id, orgId, into]);
    await this.db.query('delete from games where id = $1 and org_id = $2', [id, orgId]);
    return moved.length;
  }
}
