import type { NotificationType } from '@padhub/contracts';
import type { Queryable } from '#server/db/client.ts';

export interface NotificationEvent {
  orgId: string;
  type: NotificationType;
  recipientId: string;
  /** Who acted; null for a moderation decision or a report outcome (no person is shown). */
  actorId: string | null;
  target: { type: 'post' | 'comment' | 'config' | 'user'; id: string; postId?: string | null; excerpt?: string };
  /** A moderator's reason, or a report's outcome. */
  reason?: string | null;
}

/** What a retraction names: the group the actor leaves. */
export type Retraction = Pick<NotificationEvent, 'type' | 'recipientId' | 'target'> & { actorId: string };

/**
 * How a module tells someone something: it is handed one by app.ts (the notifications module's
 * `Notifier`) and calls it on its own transaction, so a rolled-back action leaves no notice. The
 * modules that notify sit below notifications, which reads their content to show an inbox: they
 * know this interface, never the module behind it.
 */
export interface Notices {
  notify(q: Queryable, event: NotificationEvent): Promise<void>;
  /** Takes the actor out of their group (an unlike, an unfollow); an empty group disappears. */
  retract(q: Queryable, event: Retraction): Promise<void>;
}
