import type { Queryable } from '#server/db/client.ts';

/**
 * What changed, as a module announces it to the live stream: the channel of those who watch it
 * (`user:<id>`, `post:<id>`, `config:<id>`, `feed`, `staff`), the event's type and the ids it is
 * about. It says nothing about who may see it: the live module renders it for each subscriber
 * under the rules of a read. `live_events` (migration 030) belongs here, as `create_requests`
 * belongs to idempotency: every module that changes something writes it, on its own transaction.
 */
export interface LiveChange {
  orgId: string;
  channel: string;
  type: 'notification' | 'unread' | 'comment' | 'counts' | 'posts' | 'queue' | 'configs';
  subject?: Record<string, string | null>;
}

export interface LiveRow {
  id: string;
  org_id: string;
  channel: string;
  type: LiveChange['type'];
  subject: Record<string, string | null>;
  created_at: Date;
}

const columns = 'id, org_id, channel, type, subject, created_at';

/** Records the change in the caller's transaction; its NOTIFY goes out when that commits. */
export async function publishLive(q: Queryable, change: LiveChange): Promise<void> {
  await q.query('insert into live_events (org_id, channel, type, subject) values ($1, $2, $3, $4)', [
    change.orgId,
    change.channel,
    change.type,
    JSON.stringify(change.subject ?? {}),
  ]);
}

/** The rows of these ids, in id order (what a NOTIFY announced). */
export function liveRowsById(q: Queryable, ids: string[]): Promise<LiveRow[]> {
  return q.query<LiveRow>(`select ${columns} from live_events where id = any($1::bigint[]) order by id`, [ids]);
}

/** Every row after `afterId` (any organisation): what a listener missed while it reconnected. */
export function liveRowsAfter(q: Queryable, afterId: string, limit: number): Promise<LiveRow[]> {
  return q.query<LiveRow>(`select ${columns} from live_events where id > $1 order by id limit $2`, [afterId, limit]);
}

/** A reconnecting client's replay: its organisation's rows on its channels after `afterId`, in order. */
export function liveReplay(q: Queryable, orgId: string, channels: string[], afterId: string, limit: number): Promise<LiveRow[]> {
  return q.query<LiveRow>(`select ${columns} from live_events where org_id = $1 and channel = any($2::text[]) and id > $3 order by id limit $4`, [
    orgId,
    channels,
    afterId,
    limit,
  ]);
}

/** When the event `id` was published (undefined once swept), and the newest id. */
export async function liveMarks(q: Queryable, id: string | undefined): Promise<{ at: Date | undefined; newest: string }> {
  const [row] = await q.query<{ at: Date | null; newest: string }>(
    `select (select created_at from live_events where id = $1::bigint) as at, coalesce((select max(id) from live_events), 0)::text as newest`,
    [id ?? null],
  );
  return { at: row?.at ?? undefined, newest: row?.newest ?? '0' };
}

/** The sweep: rows older than `olderThanMs` can no longer be replayed. */
export async function pruneLive(q: Queryable, olderThanMs: number): Promise<void> {
  await q.query(`delete from live_events where created_at < now() - make_interval(secs => $1::float8 / 1000)`, [olderThanMs]);
}
