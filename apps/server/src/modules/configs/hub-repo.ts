import { type ConfigKind, type Lang, type SharedConfigSort, gameTerm } from '@padhub/contracts';
import { named, placeholder } from '#server/db/sql.ts';
import { newestVisiblePostCarrying, ownerHidden, postLangOf } from '#server/modules/community/public.ts';
import { configReadable, likePattern } from './repo.ts';
import { type ConfigCardRow, cardColumns, config, configJoins, owner } from './rows.ts';
import { Repo } from '#server/db/repo.ts';

export interface HubFilter {
  orgId: string;
  viewerId: string | null;
  sort: SharedConfigSort;
  model?: string;
  /** The game's id; the service answers an empty page for a game the organisation does not have. */
  gameId?: string;
  kind?: ConfigKind;
  q?: string;
  /** Only this person's configurations (their profile). */
  ownerId?: string;
  /** The last item's sort key: [id] for new, [rank, id] otherwise. */
  after?: string[];
  limit: number;
  /** The reader's language: each card's game is named in it where the game has such a name (migration 040). */
  lang?: Lang;
}

export interface HubRow extends ConfigCardRow {
  post_id: string;
  post_lang: Lang;
  /** The game's name in the reader's language, else its English name. */
  game_shown: string | null;
  liked: boolean;
  rank: number;
  macro_ms: number | null;
}

/**
 * How long a macro plays: its holds and waits added up (the web's timeline reads the same steps);
 * for a list of named macros, the longest of them. Read from a page's rows only, never sorted by.
 */
const macroMs = `case when c.kind = 'macro' then (
    select max((select coalesce(sum((s->>'ms')::int), 0) from jsonb_array_elements(m.steps) s where s->>'action' in ('hold', 'wait')))::int
    from (select c.content->'steps' as steps where c.content is not null
          union all select e->'content'->'steps' from jsonb_array_elements(coalesce(c.configuration_list, '[]'::jsonb)) e) m
  ) end as macro_ms`;

/** The ranking column each sort walks (migration 011: one index per sort, alone, by model, by game). */
const rankColumn: Record<Exclude<SharedConfigSort, 'new'>, string> = {
  applied30: 'c.rank_30d',
  applied: 'c.rank_applied',
  liked: 'c.rank_liked',
};

/**
 * The hub as one statement, kept apart so tests can EXPLAIN what runs. It walks the sort's partial
 * index (`shared and deleted_at is null`) in order from the cursor (keyset: a deep page costs a
 * first one), within the model or the game when one is asked; the kind, the search and the
 * viewer's visibility (the newest post carrying it that they may open, and its owner not hidden
 * from them) are tested along the walk, one probe of each per configuration read.
 */
export function hubStatement(f: HubFilter): { text: string; values: unknown[] } {
  const values: unknown[] = [f.orgId, f.viewerId];
  const param = (value: unknown) => {
    values.push(value);
    return `$${values.length}`;
  };
  const where = ['c.org_id = $1', 'c.shared', 'c.deleted_at is null', `not ${ownerHidden(owner, placeholder(2, 'bigint'))}`, 'carrier.post_id is not null'];
  if (f.model !== undefined) where.push(`c.model = ${param(f.model)}`);
  if (f.gameId !== undefined) where.push(`c.game_id = ${param(f.gameId)}::bigint`);
  if (f.kind !== undefined) where.push(`c.kind = ${param(f.kind)}`);
  if (f.ownerId !== undefined) where.push(`c.owner_id = ${param(f.ownerId)}::bigint`);
  if (f.q !== undefined) {
    const q = param(likePattern(f.q));
    // The game by any of its names and aliases, as folded as its terms are (games-repo.ts).
    const term = param(likePattern(gameTerm(f.q)));
    where.push(
      `(c.name ilike ${q} or u.username ilike ${q} or u.nickname ilike ${q} or exists (select 1 from game_terms t where t.game_id = c.game_id and t.term like ${term}))`,
    );
  }
  const rank = f.sort === 'new' ? 'c.id' : rankColumn[f.sort];
  let order: string;
  if (f.sort === 'new') {
    if (f.after) where.push(`c.id < ${param(f.after[0])}::bigint`);
    order = 'c.id desc';
  } else {
    if (f.after) where.push(`(${rank}, c.id) < (${param(f.after[0])}::int, ${param(f.after[1])}::bigint)`);
    order = `${rank} desc, c.id desc`;
  }
  return {
    text: `select ${cardColumns(placeholder(2, 'bigint'))}, ${f.lang && f.lang !== 'en' ? `coalesce(g.names->>${param(f.lang)}, g.name)` : 'g.name'} as game_shown, carrier.post_id, ${postLangOf(named('carrier.post_id', 'bigint'))} as post_lang, ${rank === 'c.id' ? '0' : rank} as rank, ${macroMs},
        exists (select 1 from config_likes l where l.config_id = c.id and l.user_id = $2::bigint) as liked
      from ${configJoins} cross join lateral (${newestVisiblePostCarrying(config, placeholder(2, 'bigint'))}) carrier
      where ${where.join(' and ')} order by ${order} limit ${param(f.limit + 1)}`,
    values,
  };
}

export class HubRepo extends Repo {
  shared(f: HubFilter): Promise<HubRow[]> {
    const { text, values } = hubStatement(f);
    return this.q.query<HubRow>(text, values);
  }

  /** The live copies of a configuration the viewer may read, newest first (keyset on id). */
  copies(orgId: string, id: string, viewerId: string | null, after: string | undefined, limit: number): Promise<ConfigCardRow[]> {
    return this.q.query<ConfigCardRow>(
      `select ${cardColumns(placeholder(3, 'bigint'))} from ${configJoins}
       where c.based_on_id = $1 and c.org_id = $2 and c.deleted_at is null and ${configReadable(placeholder(3, 'bigint'))}
         and ($4::bigint is null or c.id < $4::bigint)
       order by c.id desc limit $5`,
      [id, orgId, viewerId, after ?? null, limit + 1],
    );
  }
}
