import type { Config, ConfigCard, ConfigKind } from '@padhub/contracts';
import { type Expr, aliasOf, col } from '#server/db/sql.ts';
import { joinUser, publicUser, userColumns } from '#server/modules/accounts/public.ts';
import { blockedBy } from '#server/modules/facts/public.ts';

/** A configuration as its card needs it, with its owner and the author of its original. */
export interface ConfigCardRow {
  id: string;
  owner_id: string;
  model: string;
  kind: ConfigKind;
  name: string;
  entry_names: string[];
  game_id: string | null;
  game: string | null;
  apply_count: number;
  save_count: number;
  like_count: number;
  created_at: Date;
  updated_at: Date;
  author_username: string;
  author_nickname: string;
  author_avatar: string | null;
  author_state: number;
  based_on_id: string | null;
  based_on_live: boolean;
  based_on_name: string | null;
  origin_author_id: string | null;
  origin_author_username: string | null;
  origin_author_nickname: string | null;
  origin_author_avatar: string | null;
  origin_author_state: number | null;
  /** The viewer blocked or blacklisted the original's author: the card does not name them or their configuration. */
  origin_hidden: boolean;
}

export interface ConfigRow extends ConfigCardRow {
  content: unknown;
  configuration_list: unknown;
  applied: boolean;
  liked: boolean;
  saved_copy_id: string | null;
}

/** The configuration `c`, its owner `u` and the author `bu` of its original (when it is a copy), as the statements name them. */
export const config = aliasOf('configs', 'c');
export const owner = aliasOf('users', 'u');
const basedOnAuthor = aliasOf('users', 'bu');

/** The configuration `c`, its owner `u`, its game `g` and the author `bu` of its original (when it is a copy). */
export const configJoins = `configs c ${joinUser(owner, col(config, 'owner_id'))} left join games g on g.id = c.game_id ${joinUser(basedOnAuthor, col(config, 'based_on_author_id'), 'left join')}`;

/** The card's columns; `viewer` (a bigint expression such as `placeholder(3, 'bigint')`) decides whether the original's author is hidden. */
export const cardColumns = (viewer: Expr<'bigint'>) => `c.id, c.owner_id, c.model, c.kind, c.name, c.entry_names, c.game_id, g.name as game, c.apply_count, c.save_count, c.like_count, c.created_at, c.updated_at,
  ${userColumns(owner, 'author')},
  c.based_on_id, c.based_on_name,
  -- A scalar subquery, one primary-key probe per card: as \`exists\` the planner may hash the whole table instead.
  coalesce((select o.deleted_at is null from configs o where o.id = c.based_on_id), false) as based_on_live,
  ${userColumns(basedOnAuthor, 'origin_author')},
  ${blockedBy(viewer, basedOnAuthor)} as origin_hidden`;

/** The card columns, the body, and what the viewer (a bigint expression) did with it. */
export function configColumns(viewer: Expr<'bigint'>) {
  return `${cardColumns(viewer)}, c.content, c.configuration_list,
    exists (select 1 from config_applies a where a.config_id = c.id and a.user_id = ${viewer}) as applied,
    exists (select 1 from config_likes l where l.config_id = c.id and l.user_id = ${viewer}) as liked,
    (select s.copy_id from config_saves s join configs cp on cp.id = s.copy_id and cp.deleted_at is null
      where s.config_id = c.id and s.user_id = ${viewer}) as saved_copy_id`;
}

export function toCard(row: ConfigCardRow): ConfigCard {
  return {
    id: row.id,
    model: row.model,
    kind: row.kind,
    name: row.name,
    entryNames: row.entry_names,
    game: row.game,
    author: publicUser({ id: row.owner_id, username: row.author_username, nickname: row.author_nickname, avatar: row.author_avatar, state: row.author_state }),
    basedOn:
      row.based_on_name === null || row.origin_author_id === null || row.origin_hidden
        ? null
        : {
            id: row.based_on_live ? row.based_on_id : null,
            name: row.based_on_name,
            author: originAuthor(row),
          },
    applyCount: row.apply_count,
    saveCount: row.save_count,
    likeCount: row.like_count,
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

function originAuthor(row: ConfigCardRow) {
  return publicUser({
    id: row.origin_author_id ?? '',
    username: row.origin_author_username ?? '',
    nickname: row.origin_author_nickname ?? '',
    avatar: row.origin_author_avatar,
    state: row.origin_author_state ?? 0,
  });
}

export function toConfig(row: ConfigRow): Config {
  const body = row.content !== null ? { content: row.content } : { configurationList: row.configuration_list };
  const hiddenOriginAuthor = row.origin_hidden && row.based_on_name !== null && row.origin_author_id !== null ? originAuthor(row) : null;
  return { ...toCard(row), ...body, applied: row.applied, liked: row.liked, savedCopyId: row.saved_copy_id, hiddenOriginAuthor } as Config;
}
