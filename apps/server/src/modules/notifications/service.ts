import {
  type MarkReadInput,
  type Notification,
  type NotificationQuery,
  type NotificationSettings,
  type NotificationSettingsInput,
  notificationTypes,
  type Page,
} from '@padhub/contracts';
import type { Db } from '#server/db/client.ts';
import type { SessionUser } from '#server/http/session.ts';
import { decodeCursor, encodeCursor } from '#server/lib/cursor.ts';
import { publicUser } from '#server/modules/accounts/public.ts';
import { visibleTexts } from '#server/modules/community/public.ts';
import { type ReaderFilter, type ReaderFilters, applyFilter } from '#server/lib/watched-words/personal.ts';
import { type NotificationRow, type NotificationsRepo } from './repo.ts';

/** Removal notices name the author's own removed text: it is gone, but they must know which. */
const KEEPS_EXCERPT_WHEN_GONE = new Set(['post_removed', 'comment_removed']);
/** Items made of one person's act: without that person (blocked since) nothing is left to show. */
const NEEDS_ACTOR = new Set(['comment', 'reply', 'mention']);
/**
 * How many unread conversation items the unread number looks through for those the reader's
 * filters hide: the badge says "99+" past 99, so the newest few hundred decide what it shows.
 */
const UNREAD_FILTERED_MAX = 300;

export class NotificationsService {
  private readonly repo: NotificationsRepo;

  constructor(
    private readonly db: Db,
    repos: { notifications: NotificationsRepo },
    /** The reader's own filters (docs/moderation.md, "Personal filters"): they hold on comments, replies and mentions, whose excerpt is another's text. */
    private readonly filters?: ReaderFilters,
  ) {
    this.repo = repos.notifications;
  }

  /** `recipient`: the signed-in person (http/session.ts `SessionUser`), whose filter version their session may have read. */
  async list(recipient: Pick<SessionUser, 'id' | 'filterVersion'>, query: NotificationQuery, only?: string): Promise<Page<Notification>> {
    const userId = recipient.id;
    const after = query.cursor === undefined ? undefined : decodeCursor('notifications', query.cursor, ['bigint'])[0];
    const rows = await this.repo.page(userId, query.filter, after, query.limit, only);
    const more = rows.length > query.limit;
    const page = rows.slice(0, query.limit);
    const reader = (await this.filters?.of(userId, 'notifications', recipient.filterVersion)) ?? null;
    const items = await this.shown(userId, page, reader);
    return { items, nextCursor: more ? encodeCursor('notifications', [page.at(-1)!.sort_seq]) : null };
  }

  /** The rows as the inbox shows them: those without their actor left out, the reader's filters applied. */
  private async shown(userId: string, page: NotificationRow[], reader: ReaderFilter | null): Promise<Notification[]> {
    const ids = (type: string) => [...new Set(page.filter((r) => r.target_type === type).map((r) => r.target_id))];
    const texts = {
      post: await visibleTexts(this.db, 'post', ids('post'), userId),
      comment: await visibleTexts(this.db, 'comment', ids('comment'), userId),
    };
    const shown = page.filter((r) => !(NEEDS_ACTOR.has(r.type) && r.actors.length === 0)).map((r) => toNotification(r, texts));
    return applyFilter(reader, userId, shown, (n) => ({ text: NEEDS_ACTOR.has(n.type) ? (n.target.excerpt ?? '') : '', authorId: n.actors[0]?.id }));
  }

  /** One item of the person's inbox as the inbox shows it; undefined when it is gone or shows nothing. */
  async item(userId: string, id: string): Promise<Notification | undefined> {
    return (await this.list({ id: userId }, { filter: 'all', limit: 1 }, id)).items[0];
  }

  /**
   * The unread number: the counter, less the unread items the inbox does not show (the reader's
   * `hide` filters with the notifications context hide them), so the badge never promises an item
   * the inbox leaves out. Without such filters it is the counter alone, one read. `recipient`: as
   * in `list`, the signed-in person, whose filter version their session lookup already read
   * (migration 048, filter_version_of); without it (the live stream's count) it is read here.
   */
  async unread(recipient: Pick<SessionUser, 'id' | 'filterVersion'>): Promise<number> {
    const userId = recipient.id;
    const count = await this.repo.unread(userId);
    const reader = count === 0 ? null : ((await this.filters?.of(userId, 'notifications', recipient.filterVersion)) ?? null);
    if (reader === null) return count;
    const unread = await this.repo.page(userId, 'unread-conversations', undefined, UNREAD_FILTERED_MAX);
    const shown = await this.shown(userId, unread, reader);
    return Math.max(0, count - (unread.length - shown.length));
  }

  markRead(orgId: string, userId: string, input: MarkReadInput): Promise<void> {
    return this.repo.markRead(orgId, userId, input?.ids);
  }

  async settings(userId: string): Promise<NotificationSettings> {
    const saved = await this.repo.settings(userId);
    return Object.fromEntries(notificationTypes.map((t) => [t, saved.get(t) ?? { inbox: true, push: true }])) as NotificationSettings;
  }

  async saveSettings(userId: string, input: NotificationSettingsInput): Promise<NotificationSettings> {
    await this.repo.saveSettings(userId, Object.entries(input).filter((e): e is [string, { inbox: boolean; push: boolean }] => e[1] !== undefined));
    return this.settings(userId);
  }
}

function toNotification(row: NotificationRow, texts: Record<'post' | 'comment', Map<string, { content: string; rootId: string | null }>>): Notification {
  const live = row.target_type === 'post' || row.target_type === 'comment' ? texts[row.target_type].get(row.target_id) : { content: row.excerpt, rootId: null };
  const gone = live === undefined;
  return {
    id: row.id,
    type: row.type,
    actors: row.actors.map((a) => publicUser({ ...a, id: String(a.id) })),
    actorCount: row.actor_count,
    target: {
      type: row.target_type,
      id: row.target_id,
      excerpt: gone ? (KEEPS_EXCERPT_WHEN_GONE.has(row.type) ? row.excerpt : null) : live.content.slice(0, 120),
      gone,
      postId: row.post_id,
      rootId: live?.rootId ?? null,
    },
    read: row.read,
    createdAt: new Date(row.updated_at).toISOString(),
    reason: row.reason,
  };
}
