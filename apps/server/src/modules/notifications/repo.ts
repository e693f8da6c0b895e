import { conversationNotificationTypes, type NotificationType } from '@padhub/contracts';
import type { Db, Queryable } from '#server/db/client.ts';
import { aliasOf, named, placeholder } from '#server/db/sql.ts';
import { publishLive } from '#server/lib/live-events.ts';
import { deregistered, joinUser, plainUserColumns } from '#server/modules/accounts/public.ts';
import { blacklistedBy, blockedBy } from '#server/modules/facts/public.ts';
import type { Switches } from './notify-repo.ts';

export interface NotificationRow {
  id: string;
  type: NotificationType;
  target_type: 'post' | 'comment' | 'config' | 'user';
  target_id: string;
  post_id: string | null;
  excerpt: string;
  reason: string | null;
  actor_count: number;
  read: boolean;
  updated_at: Date;
  sort_seq: string;
  actors: { id: string | number; username: string; nickname: string; avatar: string | null; state: number }[];
}

const conversations = conversationNotificationTypes.map((t) => `'${t}'`).join(', ');

/** An actor of a notification, as the inbox page names them. */
const actor = aliasOf('users', 'u');

/** Reading and marking one person's inbox, and their switches. */
export class NotificationsRepo {
  constructor(private readonly db: Db) {}

  /**
   * A page of the inbox, newest first by sort position. The newest actors come from the row
   * itself; those the reader has blocked since (or who blacklisted them, or left) are dropped.
   */
  page(recipientId: string, filter: 'all' | 'conversations' | 'unread-conversations', after: string | undefined, limit: number, only?: string): Promise<NotificationRow[]> {
    const types = filter === 'all' ? '' : `and n.type in (${conversations})${filter === 'unread-conversations' ? ' and not n.read' : ''}`;
    return this.db.query<NotificationRow>(
      `select n.id, n.type, n.target_type, n.target_id::text as target_id, n.post_id::text as post_id, n.excerpt, n.reason,
         n.actor_count, n.read, n.updated_at, n.sort_seq,
         coalesce((select json_agg(x order by x.ord) from (
           select a.ord, ${plainUserColumns(actor)} from unnest(n.actor_ids) with ordinality a(id, ord) ${joinUser(actor, named('a.id', 'bigint'))}
           where not ${deregistered(actor)} and not ${blockedBy(placeholder(1, 'bigint'), actor)} and not ${blacklistedBy(actor, placeholder(1, 'bigint'))}) x), '[]') as actors
       from notifications n
       where n.recipient_id = $1 ${types}
         and ($2::bigint is null or n.sort_seq < $2) and ($4::bigint is null or n.id = $4)
       order by n.sort_seq desc limit $3`,
      [recipientId, after ?? null, limit + 1, only ?? null],
    );
  }

  async unread(userId: string): Promise<number> {
    const [row] = await this.db.query<{ unread: number }>(`select unread from notification_counters where user_id = $1`, [userId]);
    return row?.unread ?? 0;
  }

  /** Marks the ids (all when none are given) read; another person's ids match nothing. Counter row first. */
  markRead(orgId: string, userId: string, ids: string[] | undefined): Promise<void> {
    return this.db.tx(async (q: Queryable) => {
      const locked = await q.query(`select 1 from notification_counters where user_id = $1 for update`, [userId]);
      if (locked.length === 0) return;
      // The person's other pages (another device) show the new count.
      await publishLive(q, { orgId, channel: `user:${userId}`, type: 'unread' });
      if (ids === undefined) {
        await q.query(`update notifications set read = true where recipient_id = $1 and not read`, [userId]);
        await q.query(`update notification_counters set unread = 0 where user_id = $1`, [userId]);
        return;
      }
      const marked = await q.query(`update notifications set read = true where recipient_id = $1 and id = any($2::bigint[]) and not read returning 1`, [userId, ids]);
      if (marked.length > 0) await q.query(`update notification_counters set unread = unread - $2 where user_id = $1`, [userId, marked.length]);
    });
  }

  async settings(userId: string): Promise<Map<string, Switches>> {
    const rows = await this.db.query<Switches & { type: string }>(`select type, inbox, push from notification_settings where user_id = $1`, [userId]);
    return new Map(rows.map((r) => [r.type, { inbox: r.inbox, push: r.push }]));
  }

  async saveSettings(userId: string, settings: [string, Switches][]): Promise<void> {
    await this.db.tx(async (q) => {
      for (const [type, s] of settings) {
        await q.query(
          `insert into notification_settings (user_id, type, inbox, push) values ($1, $2, $3, $4)
           on conflict (user_id, type) do update set inbox = excluded.inbox, push = excluded.push`,
          [userId, type, s.inbox, s.push],
        );
      }
    });
  }
}
