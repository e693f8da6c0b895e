import type { NotificationType } from '@padhub/contracts';
import { Repo } from '#server/db/repo.ts';

export interface Switches {
  inbox: boolean;
  push: boolean;
}

/** A group keeps this many newest actors on its row, so a page of the inbox reads no actor table. */
const NEWEST = 3;

/**
 * The writes of one notification, each on the caller's transaction. Every one of them starts by
 * locking the recipient's counter row (`lockCounter`), so the counter and the rows always change
 * together and in one lock order.
 */
export class NotifyRepo extends Repo {
  async switches(userId: string, type: NotificationType): Promise<Switches> {
    const [row] = await this.q.query<Switches>(`select inbox, push from notification_settings where user_id = $1 and type = $2`, [userId, type]);
    return row ?? { inbox: true, push: true };
  }

  /** Creates the counter row if needed and locks it (an upsert takes the row lock in both cases). */
  async lockCounter(userId: string): Promise<void> {
    await this.q.query(
      `insert into notification_counters (user_id) values ($1)
       on conflict (user_id) do update set unread = notification_counters.unread`,
      [userId],
    );
  }

  /** Locks the counter row only if it exists: without one there is nothing to take back or mark. */
  async lockExistingCounter(userId: string): Promise<boolean> {
    return (await this.q.query(`select 1 from notification_counters where user_id = $1 for update`, [userId])).length > 0;
  }

  async addUnread(userId: string, delta: number): Promise<void> {
    if (delta !== 0) await this.q.query(`update notification_counters set unread = unread + $2 where user_id = $1`, [userId, delta]);
  }

  async insert(row: {
    orgId: string;
    recipientId: string;
    type: NotificationType;
    groupKey: string | null;
    targetType: string;
    targetId: string;
    postId: string | null;
    excerpt: string;
    reason: string | null;
    actorId: string | null;
  }): Promise<string> {
    const [created] = await this.q.query<{ id: string }>(
      `insert into notifications (org_id, recipient_id, type, group_key, target_type, target_id, post_id, excerpt, reason, actor_ids, actor_count)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10::bigint[], $11) returning id`,
      [row.orgId, row.recipientId, row.type, row.groupKey, row.targetType, row.targetId, row.postId, row.excerpt, row.reason,
        row.actorId === null ? [] : [row.actorId], row.actorId === null ? 0 : 1],
    );
    return created!.id;
  }

  findGroup(recipientId: string, groupKey: string) {
    return this.q
      .query<{ id: string; org_id: string; read: boolean; actor_count: number }>(
        `select id, org_id, read, actor_count from notifications where recipient_id = $1 and group_key = $2`,
        [recipientId, groupKey],
      )
      .then((rows) => rows[0]);
  }

  /** Adds the actor to the group, or moves them to its newest place; answers whether they are new to it. */
  async addActor(notificationId: string, actorId: string): Promise<boolean> {
    const moved = await this.q.query(
      `update notification_actors set seq = nextval('notification_seq') where notification_id = $1 and actor_id = $2 returning 1`,
      [notificationId, actorId],
    );
    if (moved.length > 0) return false;
    await this.q.query(`insert into notification_actors (notification_id, actor_id) values ($1, $2)`, [notificationId, actorId]);
    return true;
  }

  async removeActor(notificationId: string, actorId: string): Promise<boolean> {
    return (await this.q.query(`delete from notification_actors where notification_id = $1 and actor_id = $2 returning 1`, [notificationId, actorId])).length > 0;
  }

  /**
   * Refreshes the group's newest actors (one index range of three rows) and its count; `top`
   * moves it to the head of the list as unread (a new actor), otherwise it keeps its place.
   */
  async refreshGroup(id: string, countDelta: number, top: { excerpt: string } | null): Promise<void> {
    await this.q.query(
      `update notifications set
         actor_ids = array(select actor_id from notification_actors where notification_id = $1 order by seq desc limit ${NEWEST}),
         actor_count = actor_count + $2
         ${top ? `, sort_seq = nextval('notification_seq'), read = false, updated_at = now(), excerpt = $3` : ''}
       where id = $1`,
      top ? [id, countDelta, top.excerpt] : [id, countDelta],
    );
  }

  async remove(id: string): Promise<void> {
    await this.q.query(`delete from notifications where id = $1`, [id]);
  }
}
