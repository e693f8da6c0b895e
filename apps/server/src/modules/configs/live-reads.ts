import type { Queryable } from '#server/db/client.ts';
import { publishLive } from '#server/lib/live-events.ts';
import { col, named } from '#server/db/sql.ts';
import { joinUser } from '#server/modules/accounts/public.ts';
import { configReadable } from './repo.ts';
import { config, owner } from './rows.ts';

/** The configuration's applies or likes changed: those who have it open learn its counts. */
export async function announceConfigCounts(q: Queryable, orgId: string, configId: string): Promise<void> {
  await publishLive(q, { orgId, channel: `config:${configId}`, type: 'configs', subject: { id: configId } });
}

/** The configuration's counts for each of `viewers` who may read it (the rule of a read: `configReadable`). */
export async function configCountsFor(
  q: Queryable,
  configId: string,
  viewers: (string | null)[],
): Promise<Map<string | null, { appliedCount: number; likeCount: number }>> {
  const rows = await q.query<{ viewer: string | null; apply_count: number; like_count: number }>(
    `select v.id::text as viewer, c.apply_count, c.like_count
     from unnest($2::bigint[]) v(id) join configs c on c.id = $1 and c.deleted_at is null ${joinUser(owner, col(config, 'owner_id'))}
     where ${configReadable(named('v.id', 'bigint'))}`,
    [configId, viewers],
  );
  return new Map(rows.map((r) => [r.viewer, { appliedCount: r.apply_count, likeCount: r.like_count }]));
}
