import { type Game, gameKey, gameTerm } from '@padhub/contracts';
import type { Queryable } from '#server/db/client.ts';
import { Repo } from '#server/db/repo.ts';

const escapeLike = (q: string) => q.replace(/[\\%_]/g, (c) => `\\${c}`);
// Han, kana and Hangul: words there are not split by spaces, so a part of a name is searched too.
const cjk = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

interface GameRow {
  id: string;
  name: string;
  names: Partial<Record<'cn' | 'jp' | 'ko', string>>;
  aliases: string[];
}

const gameColumns = 'g.id, g.name, g.names, g.aliases';
const toGame = (row: GameRow): Game => ({
  id: row.id,
  name: row.name,
  names: { cn: row.names.cn ?? null, jp: row.names.jp ?? null, ko: row.names.ko ?? null },
  aliases: row.aliases,
});

/** Every spelling a game is found by, as terms, each once. */
function termsOf(game: Omit<Game, 'id'>): string[] {
  return [...new Set([game.name, game.names.cn, game.names.jp, game.names.ko, ...game.aliases].filter((n): n is string => !!n).map(gameTerm))];
}

/** The game one of whose names or aliases is `name` (any width or case), if the organisation has one. */
export async function gameIdByName(q: Queryable, orgId: string, name: string): Promise<string | undefined> {
  const [row] = await q.query<{ game_id: string }>('select game_id from game_terms where org_id = $1 and term = $2', [orgId, gameTerm(name)]);
  return row?.game_id;
}

/**
 * The game named `name` (already trimmed and collapsed by the contract) in the organisation: the
 * one with that name or alias, else a new game with this spelling. Run in the transaction that
 * saves the configuration: two people naming a new game at once meet at the unique key, and both
 * get the one row (the no-op update makes the loser's statement return it).
 */
export async function resolveGame(q: Queryable, orgId: string, name: string): Promise<string> {
  const known = await gameIdByName(q, orgId, name);
  if (known !== undefined) return known;
  const [row] = await q.query<{ id: string }>(
    `insert into games (org_id, name, key) values ($1, $2, $3)
     on conflict (org_id, key) do update set key = excluded.key returning id`,
    [orgId, name, gameKey(name)],
  );
  await q.query('insert into game_terms (org_id, game_id, term) values ($1, $2, $3) on conflict do nothing', [orgId, row!.id, gameTerm(name)]);
  return row!.id;
}

export class GamesRepo extends Repo {
  /**
   * The games found by what the person typed (contracts, `gameQuerySchema`), the closest first:
   * a whole name, a name's start (spaces ignored: "streetfighter"), a word's start, a CJK part.
   */
  suggest(orgId: string, q: string | undefined, limit: number): Promise<Game[]> {
    if (!q) return this.q.query<GameRow>(`select ${gameColumns} from games g where g.org_id = $1 order by g.key limit $2`, [orgId, limit]).then((rows) => rows.map(toGame));
    const term = gameTerm(q);
    const compact = escapeLike(term.replace(/ /g, ''));
    return this.q
      .query<GameRow>(
        `select ${gameColumns} from (
           select t.game_id, min(case when t.term = $2 then 0
                                      when t.term like $3 escape '\\' then 1
                                      when replace(t.term, ' ', '') like $4 escape '\\' then 2
                                      when t.term like $5 escape '\\' then 3 else 4 end) as closeness
           from game_terms t
           where t.org_id = $1 and (t.term like $3 escape '\\' or replace(t.term, ' ', '') like $4 escape '\\'
             or t.term like $5 escape '\\' or ($6 and t.term like $7 escape '\\'))
           group by t.game_id
         ) m join games g on g.id = m.game_id
         order by m.closeness, g.key limit $8`,
        [orgId, term, `${escapeLike(term)}%`, `${compact}%`, `% ${escapeLike(term)}%`, cjk.test(term), `%${escapeLike(term)}%`, limit],
      )
      .then((rows) => rows.map(toGame));
  }

  /** Locks the game for a change or merge; undefined when the organisation has no such game. */
  async lock(orgId: string, id: string): Promise<Game | undefined> {
    const [row] = await this.q.query<GameRow>(`select ${gameColumns} from games g where g.id = $1 and g.org_id = $2 for update`, [id, orgId]);
    return row && toGame(row);
  }

  /**
   * Writes the game's names and aliases and the terms they make. False when another game already
   * has the English name's key or one of the terms (the caller's transaction is then undone).
   */
  async update(orgId: string, game: Game): Promise<boolean> {
    const renamed = await this.q.query(
      `update games set name = $3, key = $4, names = $5::jsonb, aliases = $6::text[] where id = $1 and org_id = $2
         and not exists (select 1 from games o where o.org_id = $2 and o.key = $4 and o.id <> $1)
       returning id`,
      [game.id, orgId, game.name, gameKey(game.name), JSON.stringify(Object.fromEntries(Object.entries(game.names).filter(([, n]) => n))), game.aliases],
    );
    if (renamed.length === 0) return false;
    await this.q.query('delete from game_terms where game_id = $1', [game.id]);
    const terms = termsOf(game);
    const written = await this.q.query(
      'insert into game_terms (org_id, game_id, term) select $1, $2, unnest($3::text[]) on conflict do nothing returning term',
      [orgId, game.id, terms],
    );
    return written.length === terms.length;
  }

  /** Moves the game's configurations to `into` and removes the game; answers how many moved. */
  async merge(orgId: string, id: string, into: string): Promise<number> {
    const moved = await this.q.query('update configs set game_id = $3 where game_id = $1 and org_id = $2 returning id', [id, orgId, into]);
    await this.q.query('delete from games where id = $1 and org_id = $2', [id, orgId]);
    return moved.length;
  }
}
