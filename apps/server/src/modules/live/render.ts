import type { LiveEventData, LiveEventType } from '@padhub/contracts';
import type { Db } from '#server/db/client.ts';
import type { LiveRow } from '#server/lib/live-events.ts';
import { staffAmong } from '#server/modules/accounts/public.ts';
import { type FeedView, commentLikesFor, commentSeenBy, postCountsFor, postShownInFeed, reviewQueueCount } from '#server/modules/community/public.ts';
import { configCountsFor } from '#server/modules/configs/public.ts';
import type { NotificationsService } from '#server/modules/notifications/public.ts';
import { openCaseCount } from '#server/modules/safety/public.ts';

/** A viewer: a person's id, or null for someone not signed in. */
export type ViewerId = string | null;
/** Who a stream shows events to, and the feed on its screen (its `posts` events). */
export interface View {
  userId: ViewerId;
  feed?: FeedView | undefined;
}
type Data = LiveEventData[LiveEventType];
/** The event's data for a view, or undefined when a read would not show it to them. */
export type Rendered = (view: View) => Data | undefined;

const feedKey = (view: View) => (view.feed ? `${view.feed.lang}\n${view.feed.model ?? ''}\n${view.feed.following}` : '');

/**
 * What each viewer receives of a published change: the data of its event as a read would show it
 * to them, or nothing when a read would not show it. Asked once per event for all the views of a
 * process that watch its channel, and again for one view in a replay.
 */
export class LiveRenderer {
  constructor(
    private readonly db: Db,
    private readonly notifications: NotificationsService,
  ) {}

  async render(row: LiveRow, views: View[]): Promise<Rendered> {
    const viewers = [...new Set(views.map((v) => v.userId))];
    const byViewer = await this.byViewer(row, viewers);
    if (byViewer) return (view) => byViewer.get(view.userId);
    if (row.type !== 'posts' || !row.subject.postId) return () => undefined;
    // A new post: each feed on screen (language, model, following) asked once for its viewers.
    const postId = row.subject.postId;
    const feeds = new Map<string, { feed: FeedView; viewers: Set<ViewerId> }>();
    for (const view of views) {
      if (!view.feed) continue;
      const key = feedKey(view);
      let entry = feeds.get(key);
      if (!entry) feeds.set(key, (entry = { feed: view.feed, viewers: new Set() }));
      entry.viewers.add(view.userId);
    }
    const shown = new Map<string, Set<ViewerId>>();
    for (const [key, { feed, viewers: some }] of feeds) shown.set(key, await postShownInFeed(this.db, postId, feed, [...some]));
    return (view) => (shown.get(feedKey(view))?.has(view.userId) ? { count: 1 } : undefined);
  }

  /** The events whose data depends on the viewer alone; undefined for `posts`. */
  private async byViewer(row: LiveRow, viewers: ViewerId[]): Promise<Map<ViewerId, Data> | undefined> {
    const out = new Map<ViewerId, Data>();
    const s = row.subject;
    const people = viewers.filter((v): v is string => v !== null);
    switch (row.type) {
      case 'notification':
        // The channel is the recipient's own: only they watch it.
        for (const viewer of people) {
          const item = s.id == null ? undefined : await this.notifications.item(viewer, s.id);
          if (item) out.set(viewer, item);
        }
        return out;
      case 'unread':
        for (const viewer of people) out.set(viewer, { count: await this.notifications.unread({ id: viewer }) });
        return out;
      case 'comment': {
        if (!s.id || !s.postId) return out;
        const action = s.action === 'edited' || s.action === 'deleted' ? s.action : 'created';
        for (const viewer of await commentSeenBy(this.db, s.id, viewers)) out.set(viewer, { postId: s.postId, id: s.id, rootId: s.rootId ?? null, action });
        return out;
      }
      case 'counts': {
        if (!s.postId) return out;
        const counts = await postCountsFor(this.db, s.postId, viewers);
        // A comment's likes: only those who see the comment learn its count.
        const likes = s.commentId ? await commentLikesFor(this.db, s.commentId, viewers) : undefined;
        for (const [viewer, c] of counts) {
          if (!likes) out.set(viewer, { postId: s.postId, ...c });
          else if (likes.has(viewer)) out.set(viewer, { postId: s.postId, ...c, comment: { id: s.commentId!, likeCount: likes.get(viewer)! } });
        }
        return out;
      }
      case 'configs': {
        if (!s.id) return out;
        for (const [viewer, counts] of await configCountsFor(this.db, s.id, viewers)) out.set(viewer, { id: s.id, ...counts });
        return out;
      }
      case 'queue': {
        const staff = await staffAmong(this.db, row.org_id, people);
        if (staff.size === 0) return out;
        const counts = { pendingPosts: await reviewQueueCount(this.db, row.org_id), openReports: await openCaseCount(this.db, row.org_id) };
        for (const viewer of staff) out.set(viewer, counts);
        return out;
      }
      default:
        return undefined;
    }
  }
}
