import type { Filter } from '@padhub/contracts';
import type { Queryable } from '#server/db/client.ts';
import { FiltersRepo, toFilter } from './filters-repo.ts';

/** Whom the person blocked and blacklisted (usernames), and their own filters, as the archive holds it. */
export interface SafetyData {
  blocks: { username: string; since: string }[];
  blacklist: { username: string; since: string }[];
  filters: Filter[];
}

export async function safetyData(q: Queryable, userId: string): Promise<SafetyData> {
  const rows = await q.query<{ username: string; kind: 'block' | 'blacklist'; created_at: Date }>(
    'select u.username, b.kind, b.created_at from user_blocks b join users u on u.id = b.target_id where b.user_id = $1 order by b.created_at',
    [userId],
  );
  const of = (kind: string) => rows.filter((r) => r.kind === kind).map((r) => ({ username: r.username, since: r.created_at.toISOString() }));
  const [user] = await q.query<{ org_id: string }>('select org_id from users where id = $1', [userId]);
  const filters = user ? (await new FiltersRepo(q).list(user.org_id, userId)).map((row) => toFilter(row)) : [];
  return { blocks: of('block'), blacklist: of('blacklist'), filters };
}

/**
 * The purge (docs/privacy.md, "Deletion"): the person's lists and their place on others' lists go.
 * Their reports stay with the moderators' cases (the account they point at is anonymised).
 */
export async function forgetSafety(q: Queryable, userId: string): Promise<number> {
  const blocks = (await q.query('delete from user_blocks where user_id = $1 or target_id = $1 returning 1', [userId])).length;
  const filters = (await q.query('delete from personal_filters where user_id = $1 returning 1', [userId])).length;
  await q.query('delete from personal_filter_versions where user_id = $1', [userId]);
  return blocks + filters;
}
