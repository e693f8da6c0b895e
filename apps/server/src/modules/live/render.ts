import type { LiveEventData, LiveEventType } from '@padhub/contracts';
import type { Db } from '#server/db/client.ts';
import type { LiveRow } from '#server/lib/live-events.ts';
import { commentSeenBy, postCountsFor } from '#server/modules/community/public.ts';
import type { NotificationsService } from '#server/modules/notifications/public.ts';

/** A viewer: a person's id, or null for someone not signed in. */
export type ViewerId = string | null;
export type Rendered = Map<ViewerId, LiveEventData[LiveEventType]>;

/**
 * What each viewer receives of a published change: the data of its event as a read would show it
 * to them, or nothing (absent from the map) when a read would not show it. Asked once per event for
 * all the viewers of a process who watch its channel, and again for one viewer in a replay.
 */
export class LiveRenderer {
  constructor(
    private readonly db: Db,
    private readonly notifications: NotificationsService,
  ) {}

  async render(row: LiveRow, viewers: ViewerId[]): Promise<Rendered> {
    const out: Rendered = new Map();
    const s = row.subject;
    switch (row.type) {
      case 'notification':
        // The channel is the recipient's own: only they watch it.
        for (const viewer of viewers) {
          const item = viewer === null || s.id == null ? undefined : await this.notifications.item(viewer, s.id);
          if (item) out.set(viewer, item);
        }
        return out;
      case 'unread':
        for (const viewer of viewers) if (viewer !== null) out.set(viewer, { count: await this.notifications.unread(viewer) });
        return out;
      case 'comment': {
        if (!s.id || !s.postId) return out;
        const action = s.action === 'edited' || s.action === 'deleted' ? s.action : 'created';
        for (const viewer of await commentSeenBy(this.db, s.id, viewers)) out.set(viewer, { postId: s.postId, id: s.id, rootId: s.rootId ?? null, action });
        return out;
      }
      case 'counts': {
        if (!s.postId) return out;
        for (const [viewer, counts] of await postCountsFor(this.db, s.postId, viewers)) out.set(viewer, { postId: s.postId, ...counts });
        return out;
      }
      default:
        return out;
    }
  }
}
