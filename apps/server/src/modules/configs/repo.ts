import type { ConfigInput, ConfigKind } from '@padhub/contracts';
import type { Queryable } from '#server/db/client.ts';
import { type Condition, type Expr, col, placeholder, sql } from '#server/db/sql.ts';
import { carriedByVisiblePost, ownerHidden } from '#server/modules/community/public.ts';
import { type ConfigCardRow, type ConfigRow, cardColumns, config, configColumns, configJoins, owner } from './rows.ts';
import { Repo } from '#server/db/repo.ts';

export interface NewConfig {
  orgId: string;
  ownerId: string;
  body: Pick<ConfigInput, 'model' | 'kind' | 'name' | 'content' | 'configurationList'>;
  basedOn?: { id: string; name: string; authorId: string };
  /** The game (`games-repo.ts` resolves a name to it), or null. */
  gameId?: string | null;
}

export interface MineFilter {
  model?: string;
  kind?: ConfigKind;
  q?: string;
  after?: string;
  limit: number;
}

/**
 * Who may read a configuration (`c`, owner `u`): its owner, and anyone who can see a post that
 * carries it, unless its owner is hidden from them (blocked, blacklisted them, deregistered).
 */
export function configReadable(viewer: Expr<'bigint'>): Condition {
  return sql`(${col(config, 'owner_id')} = ${viewer} or (not ${ownerHidden(owner, viewer)} and ${carriedByVisiblePost(config, viewer)}))`;
}

export const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function bodyValues(body: NewConfig['body']) {
  const list = body.configurationList;
  return [
    body.model,
    body.kind,
    body.name,
    body.content === undefined ? null : JSON.stringify(body.content),
    list === undefined ? null : JSON.stringify(list),
    list?.map((entry) => entry.name) ?? [],
  ];
}

export async function insertConfig(q: Queryable, config: NewConfig): Promise<string> {
  const [row] = await q.query<{ id: string }>(
    `insert into configs (org_id, owner_id, model, kind, name, content, configuration_list, entry_names, based_on_id, based_on_name, based_on_author_id, game_id)
     values ($1, $2, $3, $4, $5, $6::jsonb, $7::jsonb, $8::text[], $9, $10, $11, $12) returning id`,
    [
      config.orgId,
      config.ownerId,
      ...bodyValues(config.body),
      config.basedOn?.id ?? null,
      config.basedOn?.name ?? null,
      config.basedOn?.authorId ?? null,
      config.gameId ?? null,
    ],
  );
  return row!.id;
}

export class ConfigsRepo extends Repo {
  /** The configuration if the viewer may read it (null viewer: anonymous). */
  async find(orgId: string, id: string, viewerId: string | null): Promise<ConfigRow | undefined> {
    const [row] = await this.q.query<ConfigRow>(
      `select ${configColumns(placeholder(3, 'bigint'))} from ${configJoins}
       where c.id = $1 and c.org_id = $2 and c.deleted_at is null and ${configReadable(placeholder(3, 'bigint'))}`,
      [id, orgId, viewerId],
    );
    return row;
  }

  /**
   * Replaces name and body of the owner's configuration, and its game unless `gameId` is
   * undefined (a client that never names games keeps the one set); false when it is not theirs or gone.
   */
  async update(orgId: string, id: string, ownerId: string, body: NewConfig['body'], gameId: string | null | undefined): Promise<boolean> {
    const [, , name, content, list, names] = bodyValues(body);
    const rows = await this.q.query(
      `update configs set name = $4, content = $5::jsonb, configuration_list = $6::jsonb, entry_names = $7::text[], updated_at = now(),
         game_id = case when $8::boolean then $9::bigint else game_id end
       where id = $1 and org_id = $2 and owner_id = $3 and deleted_at is null returning id`,
      [id, orgId, ownerId, name, content, list, names, gameId !== undefined, gameId ?? null],
    );
    return rows.length > 0;
  }

  async softDelete(orgId: string, id: string, ownerId: string): Promise<boolean> {
    const rows = await this.q.query(
      'update configs set deleted_at = now() where id = $1 and org_id = $2 and owner_id = $3 and deleted_at is null returning id',
      [id, orgId, ownerId],
    );
    return rows.length > 0;
  }

  /** The owner's configurations, newest first, by keyset on id. */
  mine(orgId: string, ownerId: string, f: MineFilter): Promise<ConfigCardRow[]> {
    return this.q.query<ConfigCardRow>(
      `select ${cardColumns(placeholder(1, 'bigint'))} from ${configJoins}
       where c.owner_id = $1 and c.org_id = $2 and c.deleted_at is null
         and ($3::text is null or c.model = $3) and ($4::text is null or c.kind = $4)
         and ($5::text is null or c.name ilike $5 or array_to_string(c.entry_names, ' ') ilike $5)
         and ($6::bigint is null or c.id < $6::bigint)
       order by c.id desc limit $7`,
      [ownerId, orgId, f.model ?? null, f.kind ?? null, f.q === undefined ? null : likePattern(f.q), f.after ?? null, f.limit + 1],
    );
  }

  /** Of the configurations a post carries (`ids`, in the order the author attached them), the live ones, minus hidden owners. */
  ofPost(orgId: string, ids: string[], viewerId: string | null): Promise<ConfigCardRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.q.query<ConfigCardRow>(
      `select ${cardColumns(placeholder(3, 'bigint'))} from unnest($1::bigint[]) with ordinality as carried (id, place) join ${configJoins} on c.id = carried.id
       where c.org_id = $2 and c.deleted_at is null and not ${ownerHidden(owner, placeholder(3, 'bigint'))}
       order by carried.place`,
      [`{${ids.join(',')}}`, orgId, viewerId],
    );
  }

  /**
   * The owner and model of each live configuration of the organisation among `ids`, share-locked
   * until the caller's transaction ends: a delete running meanwhile waits for the new post, then
   * takes its configuration off it too.
   */
  ownersAndModels(orgId: string, ids: string[]) {
    return this.q.query<{ id: string; owner_id: string; model: string }>(
      'select id, owner_id, model from configs where id = any ($1::bigint[]) and org_id = $2 and deleted_at is null for share',
      [ids, orgId],
    );
  }
}
