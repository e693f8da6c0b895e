import { groupedNotificationTypes } from '@padhub/contracts';
import type { Queryable } from '#server/db/client.ts';
import type { NotificationEvent, Notices, Retraction } from '#server/lib/notices.ts';
import { publishLive } from '#server/lib/live-events.ts';
import { shutOut } from '#server/modules/facts/public.ts';
import { type NotifyRepo } from './notify-repo.ts';

/** How much of the target's text an item keeps, to show while the target lives. */
const EXCERPT = 120;

function groupKey(event: Pick<NotificationEvent, 'type' | 'target'>): string {
  return `${event.type}:${event.target.type}:${event.target.id}`;
}

/**
 * Creates notifications inside the transaction of the action that causes them, so a rolled-back
 * action leaves none. Callers call it only when their action really changed something (a like row
 * inserted, not an idempotent repeat). The push outbox hangs off `onPush` (see outbox.ts).
 */
export class Notifier implements Notices {
  constructor(
    private readonly repos: { notify: NotifyRepo },
    private readonly onPush: (q: Queryable, notificationId: string | null, event: NotificationEvent) => Promise<void> = async () => undefined,
  ) {}

  async notify(q: Queryable, event: NotificationEvent): Promise<void> {
    if (event.actorId === event.recipientId) return;
    if (event.actorId !== null && (await shutOut(q, event.recipientId, event.actorId))) return;
    const repo = this.repos.notify.on(q);
    const switches = await repo.switches(event.recipientId, event.type);
    let id: string | null = null;
    if (switches.inbox) {
      id = await this.write(repo, event);
      await publishLive(q, { orgId: event.orgId, channel: `user:${event.recipientId}`, type: 'notification', subject: { id } });
      await publishLive(q, { orgId: event.orgId, channel: `user:${event.recipientId}`, type: 'unread' });
    }
    if (switches.push) await this.onPush(q, id, event);
  }

  /** Takes the actor out of their group (an unlike, an unfollow); an empty group disappears. */
  async retract(q: Queryable, event: Retraction): Promise<void> {
    const repo = this.repos.notify.on(q);
    if (!(await repo.lockExistingCounter(event.recipientId))) return;
    const group = await repo.findGroup(event.recipientId, groupKey(event));
    if (!group || !(await repo.removeActor(group.id, event.actorId))) return;
    if (group.actor_count <= 1) {
      await repo.remove(group.id);
      if (!group.read) await repo.addUnread(event.recipientId, -1);
      if (!group.read) await publishLive(q, { orgId: group.org_id, channel: `user:${event.recipientId}`, type: 'unread' });
    } else {
      await repo.refreshGroup(group.id, -1, null);
    }
  }

  private async write(repo: NotifyRepo, event: NotificationEvent): Promise<string> {
    const excerpt = (event.target.excerpt ?? '').slice(0, EXCERPT);
    // The counter row first, always: the one lock order of every change to a person's inbox.
    await repo.lockCounter(event.recipientId);
    const grouped = event.actorId !== null && groupedNotificationTypes.includes(event.type);
    const key = grouped ? groupKey(event) : null;
    const group = key === null ? undefined : await repo.findGroup(event.recipientId, key);
    if (group && event.actorId !== null) {
      const joined = await repo.addActor(group.id, event.actorId);
      await repo.refreshGroup(group.id, joined ? 1 : 0, { excerpt });
      if (group.read) await repo.addUnread(event.recipientId, 1);
      return group.id;
    }
    const id = await repo.insert({
      orgId: event.orgId,
      recipientId: event.recipientId,
      type: event.type,
      groupKey: key,
      targetType: event.target.type,
      targetId: event.target.id,
      postId: event.target.postId ?? null,
      excerpt,
      reason: event.reason ?? null,
      actorId: event.actorId,
    });
    if (grouped && event.actorId !== null) await repo.addActor(id, event.actorId);
    await repo.addUnread(event.recipientId, 1);
    return id;
  }
}
