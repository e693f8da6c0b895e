import type { Filter } from '@padhub/contracts';
import type { Queryable } from '#server/db/client.ts';
import { type FiltersRepo, toFilter } from './filters-repo.ts';

/**
 * Whom the person blocked and blacklisted (usernames), their own filters, and their standing as a
 * new account (docs/moderation.md, "New accounts": when staff trusted them, and the hour's counts
 * the limits keep of them), as the archive holds it.
 */
export interface SafetyData {
  blocks: { username: string; since: string }[];
  blacklist: { username: string; since: string }[];
  filters: Filter[];
  trust: { trustedAt: string | null; hourCounts: { kind: string; windowStart: string; count: number }[] };
}

/** The hour's counters the new-account limits keep of a person (new-accounts-service.ts, `countHour`). */
const counterKeys = (userId: string) => ['new-post', 'new-comment', 'new-mention'].map((kind) => `${kind}:user:${userId}`);

/** What the archive holds of safety, read on the archive's connection (`q`) with the filters' repo (SafetyOffer). */
export async function safetyData(filtersRepo: FiltersRepo, q: Queryable, userId: string): Promise<SafetyData> {
  const rows = await q.query<{ username: string; kind: 'block' | 'blacklist'; created_at: Date }>(
    'select u.username, b.kind, b.created_at from user_blocks b join users u on u.id = b.target_id where b.user_id = $1 order by b.created_at',
    [userId],
  );
  const of = (kind: string) => rows.filter((r) => r.kind === kind).map((r) => ({ username: r.username, since: r.created_at.toISOString() }));
  const [user] = await q.query<{ org_id: string }>('select org_id from users where id = $1', [userId]);
  const filters = user ? (await filtersRepo.on(q).list(user.org_id, userId)).map((row) => toFilter(row)) : [];
  const [trusted] = await q.query<{ trusted_at: Date }>('select trusted_at from trusted_people where user_id = $1', [userId]);
  const counters = await q.query<{ key: string; window_start: Date; hits: number }>(
    'select key, window_start, hits from rate_counters where key = any($1::text[]) order by window_start, key',
    [counterKeys(userId)],
  );
  const hourCounts = counters.map((c) => ({ kind: c.key.slice(0, c.key.indexOf(':')), windowStart: new Date(c.window_start).toISOString(), count: c.hits }));
  return { blocks: of('block'), blacklist: of('blacklist'), filters, trust: { trustedAt: trusted ? new Date(trusted.trusted_at).toISOString() : null, hourCounts } };
}

/**
 * The purge (docs/privacy.md, "Deletion"): the person's lists and their place on others' lists go,
 * and their standing as a new account.
 * Their reports stay with the moderators' cases (the account they point at is anonymised).
 */
export async function forgetSafety(q: Queryable, userId: string): Promise<number> {
  const blocks = (await q.query('delete from user_blocks where user_id = $1 or target_id = $1 returning 1', [userId])).length;
  const filters = (await q.query('delete from personal_filters where user_id = $1 returning 1', [userId])).length;
  await q.query('delete from personal_filter_versions where user_id = $1', [userId]);
  // Their trust goes; people they trusted as staff stay trusted, by no one (as the demo data's are).
  const trust = (await q.query('delete from trusted_people where user_id = $1 returning 1', [userId])).length;
  await q.query('update trusted_people set trusted_by = null where trusted_by = $1', [userId]);
  await q.query('delete from rate_counters where key = any($1::text[])', [counterKeys(userId)]);
  return blocks + filters + trust;
}
