import { notificationTypes } from '@padhub/contracts';
import type { Queryable } from '#server/db/client.ts';

type Switches = Record<string, { inbox: boolean; push: boolean }>;

/** Every notification type's inbox and push switches, as the settings page shows them (on unless turned off). */
export async function notificationSettingsData(q: Queryable, userId: string): Promise<Switches> {
  const rows = await q.query<{ type: string; inbox: boolean; push: boolean }>('select type, inbox, push from notification_settings where user_id = $1', [userId]);
  const saved = new Map(rows.map((r) => [r.type, { inbox: r.inbox, push: r.push }]));
  return Object.fromEntries(notificationTypes.map((t) => [t, saved.get(t) ?? { inbox: true, push: true }]));
}

/**
 * The purge (docs/privacy.md, "Deletion"): the person's inbox, counters, switches and pushes
 * waiting, and their place among the actors of others' notifications.
 */
export async function forgetNotifications(q: Queryable, userId: string): Promise<number> {
  let removed = (await q.query('delete from notification_actors where actor_id = $1 returning 1', [userId])).length;
  await q.query(
    `update notifications set actor_ids = array_remove(actor_ids, $1::bigint), actor_count = greatest(0, actor_count - 1)
     where $1::bigint = any(actor_ids)`,
    [userId],
  );
  for (const table of ['push_outbox', 'notifications']) removed += (await q.query(`delete from ${table} where recipient_id = $1 returning 1`, [userId])).length;
  for (const table of ['notification_counters', 'notification_settings']) removed += (await q.query(`delete from ${table} where user_id = $1 returning 1`, [userId])).length;
  return removed;
}
