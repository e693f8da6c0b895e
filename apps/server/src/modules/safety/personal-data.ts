import type { Queryable } from '#server/db/client.ts';

/** Whom the person blocked and blacklisted (usernames), as the archive holds it. */
export interface SafetyData {
  blocks: { username: string; since: string }[];
  blacklist: { username: string; since: string }[];
}

export async function safetyData(q: Queryable, userId: string): Promise<SafetyData> {
  const rows = await q.query<{ username: string; kind: 'block' | 'blacklist'; created_at: Date }>(
    'select u.username, b.kind, b.created_at from user_blocks b join users u on u.id = b.target_id where b.user_id = $1 order by b.created_at',
    [userId],
  );
  const of = (kind: string) => rows.filter((r) => r.kind === kind).map((r) => ({ username: r.username, since: r.created_at.toISOString() }));
  return { blocks: of('block'), blacklist: of('blacklist') };
}

/**
 * The purge (docs/privacy.md, "Deletion"): the person's lists and their place on others' lists go.
 * Their reports stay with the moderators' cases (the account they point at is anonymised).
 */
export async function forgetSafety(q: Queryable, userId: string): Promise<number> {
  return (await q.query('delete from user_blocks where user_id = $1 or target_id = $1 returning 1', [userId])).length;
}
