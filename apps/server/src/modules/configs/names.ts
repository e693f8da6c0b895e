import type { Queryable } from '#server/db/client.ts';

const ids = (keys: readonly string[]) => keys.filter((key) => /^\d+$/u.test(key));

/** The names of the organisation's configurations among `keys` (deleted ones too: a past range still ranks them). */
export async function configNames(q: Queryable, orgId: string, keys: readonly string[]): Promise<Map<string, string>> {
  const rows = await q.query<{ id: string; name: string }>('select id::text as id, name from configs where org_id = $1 and id = any($2::bigint[])', [orgId, ids(keys)]);
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** The names of the organisation's games among `keys`, in `lang` where an admin gave one (else the English `name`: migration 040). */
export async function gameNames(q: Queryable, orgId: string, keys: readonly string[], lang: string): Promise<Map<string, string>> {
  const rows = await q.query<{ id: string; name: string }>('select id::text as id, coalesce(names->>$3, name) as name from games where org_id = $1 and id = any($2::bigint[])', [
    orgId,
    ids(keys),
    lang,
  ]);
  return new Map(rows.map((r) => [r.id, r.name]));
}
