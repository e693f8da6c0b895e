import { type AuditEntry, type AuditQuery, type HeldComment, type ModeratedUser, type ModerationCase, type ModerationPost, type Page, type PageQuery, type Revisions, type StaffPerson, type UserSearchQuery, auditKindActions } from '@padhub/contracts';
import type { Queryable } from '#server/db/client.ts';
import { fail } from '#server/lib/errors.ts';
import { decodeCursor, encodeCursor, pageOf } from '#server/lib/cursor.ts';
import { banOf, publicUser, searchStaffUsers, type StaffUserRow, staffUsers } from '#server/modules/accounts/public.ts';
import { type StaffCommentRow, type StaffPostRow, commentRevisions, heldComments, pendingPosts, postRevisions, staffComments, staffPosts } from '#server/modules/community/public.ts';
import { type CaseReportRow, type NewAccountsService, openCases, pictureHolds, reportsOfCases } from '#server/modules/safety/public.ts';
import type { Staff } from '#server/http/staff.ts';
import { type AuditRow, readAudit } from '#server/modules/audit/public.ts';

const REPORTS_PER_CASE = 20;
const iso = (date: Date) => new Date(date).toISOString();

function toModeratedUser(row: StaffUserRow): ModeratedUser {
  return { ...publicUser(row), role: row.role, ban: banOf(row) };
}

/**
 * What the console lists: reported content grouped by target, the review queue, people, the audit
 * log. Only the audit log is moderation's table; the rest is read through its owners' public.ts
 * (safety's cases, community's posts and comments, accounts' people), none of them through the
 * members' visibility rule: moderators see hidden, deleted and not passed content, for evidence.
 */
export class QueuesService {
  constructor(
    private readonly db: Queryable,
    /** Each person's trust (docs/moderation.md, "New accounts"), beside them in the people section. */
    private readonly trust: Pick<NewAccountsService, 'trustOf'>,
  ) {}

  async cases(staff: Staff, page: PageQuery): Promise<Page<ModerationCase>> {
    const after = page.cursor === undefined ? undefined : decodeCursor('cases', page.cursor, ['bigint'])[0];
    const result = pageOf(await openCases(this.db, staff.orgId, after, page.limit), page.limit, (row) => row, (row) => encodeCursor('cases', [row.id]));
    const rows = result.items;
    const comments = await staffComments(this.db, staff.orgId, rows.filter((c) => c.target_type === 'comment').map((c) => c.target_id));
    const postIds = [...rows.filter((c) => c.target_type === 'post').map((c) => c.target_id), ...comments.map((c) => c.post_id)];
    const posts = await staffPosts(this.db, staff.orgId, postIds);
    const reports = await reportsOfCases(this.db, rows.map((c) => c.id), REPORTS_PER_CASE);
    const users = await this.usersOf(staff, [
      ...posts.map((p) => p.author_id),
      ...comments.flatMap((c) => [c.author_id, c.reply_to_author_id ?? c.author_id]),
      ...reports.flatMap((r) => (r.reporter_id === null ? [] : [r.reporter_id])),
      ...rows.filter((c) => c.target_type === 'user').map((c) => c.target_id),
    ]);
    const items = rows.flatMap((row): ModerationCase[] => {
      const caseReports = reports.filter((r) => r.case_id === row.id).map((r) => toCaseReport(r, users));
      const head = { id: row.id, targetType: row.target_type, targetId: row.target_id, openReports: row.open_reports, openedAt: iso(row.opened_at) };
      if (row.target_type === 'user') {
        const person = users.get(row.target_id);
        return person ? [{ ...head, post: null, comment: null, user: person, reports: caseReports }] : [];
      }
      const comment = row.target_type === 'comment' ? comments.find((c) => c.id === row.target_id) : undefined;
      const post = posts.find((p) => p.id === (comment ? comment.post_id : row.target_id));
      if (!post || (row.target_type === 'comment' && !comment)) return [];
      return [{ ...head, post: toPost(post, users), comment: comment ? toComment(comment, users) : null, user: null, reports: caseReports }];
    });
    return { items, nextCursor: result.nextCursor };
  }

  async pending(staff: Staff, page: PageQuery): Promise<Page<ModerationPost>> {
    const after = page.cursor === undefined ? undefined : decodeCursor('review-queue', page.cursor, ['bigint'])[0];
    const rows = await pendingPosts(this.db, staff.orgId, after, page.limit);
    const users = await this.usersOf(staff, rows.map((p) => p.author_id));
    // Why a post waits, when it is a picture like a removed one: moderators read it beside the post.
    const holds = await pictureHolds(this.db, rows.map((p) => p.id));
    return pageOf(rows, page.limit, (row) => ({ ...toPost(row, users), pictureHold: holds.get(row.id) ?? null }), (row) => encodeCursor('review-queue', [row.id]));
  }

  /** Comments a `require_approval` watched word holds, oldest first, with the words they met. */
  async heldComments(staff: Staff, page: PageQuery): Promise<Page<HeldComment>> {
    const after = page.cursor === undefined ? undefined : decodeCursor('held-comments', page.cursor, ['bigint'])[0];
    const rows = await heldComments(this.db, staff.orgId, after, page.limit);
    const users = await this.usersOf(staff, rows.flatMap((c) => [c.author_id, c.reply_to_author_id ?? c.author_id]));
    const toHeld = (row: (typeof rows)[number]): HeldComment => ({ ...toComment(row, users), watchedWords: row.watched_words, heldEdit: row.held === 'edit', postContent: row.post_content });
    return pageOf(rows, page.limit, toHeld, (row) => encodeCursor('held-comments', [row.id]));
  }

  async users(staff: Staff, query: UserSearchQuery): Promise<Page<StaffPerson>> {
    const after = query.cursor === undefined ? undefined : decodeCursor('staff-users', query.cursor, ['bigint'])[0];
    const rows = await searchStaffUsers(this.db, staff.orgId, query.q, after, query.limit);
    const trust = await this.trust.trustOf(this.db, staff.orgId, rows.slice(0, query.limit).map((row) => row.id));
    return pageOf(rows, query.limit, (row) => ({ ...toModeratedUser(row), trust: trust.get(row.id)! }), (row) => encodeCursor('staff-users', [row.id]));
  }

  async audit(staff: Staff, query: AuditQuery): Promise<Page<AuditEntry>> {
    // The key is the line's place in the whole log: under any filters it still means "older than this".
    const after = query.cursor === undefined ? undefined : decodeCursor('audit', query.cursor, ['bigint'])[0];
    const { kind, actorId, targetType, targetId } = query;
    const rows = await readAudit(this.db, staff.orgId, { actions: kind && auditKindActions[kind], actorId, targetType, targetId }, after, query.limit);
    const targets = rows.flatMap((r) => (r.target_type === 'user' && r.target_id ? [r.target_id] : []));
    const users = await this.usersOf(staff, [...rows.map((r) => r.actor_id), ...targets]);
    return pageOf(rows, query.limit, (row) => toAudit(row, users), (row) => encodeCursor('audit', [row.id]));
  }

  private async usersOf(staff: Staff, ids: string[]): Promise<Map<string, ModeratedUser>> {
    const rows = await staffUsers(this.db, staff.orgId, ids);
    return new Map(rows.map((row) => [row.id, toModeratedUser(row)]));
  }

  /** What an edited comment said before. */
  async commentRevisions(staff: Staff, commentId: string): Promise<Revisions> {
    const rows = await commentRevisions(this.db, staff.orgId, commentId);
    if (!rows) throw fail('not_found');
    return { items: rows.map((r) => ({ content: r.content, replacedAt: new Date(r.replaced_at).toISOString() })) };
  }

  /** What an edited post said before (its files may be released since: how many it had). */
  async postRevisions(staff: Staff, postId: string): Promise<Revisions> {
    const rows = await postRevisions(this.db, staff.orgId, postId);
    if (!rows) throw fail('not_found');
    return { items: rows.map((r) => ({ content: r.content, replacedAt: iso(r.replaced_at), mediaCount: r.media_count })) };
  }
}

type Users = Map<string, ModeratedUser>;

// Every id here was read from a row of the same organisation, so the user is there.
const userOf = (users: Users, id: string) => users.get(id) ?? { id, username: '', nickname: '', avatar: null, state: 0, role: 'user' as const, ban: null };

function toPost(row: StaffPostRow, users: Users): ModerationPost {
  return {
    id: row.id,
    author: userOf(users, row.author_id),
    content: row.content,
    lang: row.lang,
    media: row.media,
    reviewStatus: row.review_status,
    reviewReason: row.review_reason,
    deleted: row.deleted,
    createdAt: iso(row.created_at),
    editedAt: row.edited_at ? iso(row.edited_at) : null,
    edit:
      row.edit_content === null
        ? null
        : { content: row.edit_content, media: row.edit_media ?? [], createdAt: iso(row.edit_created_at ?? row.created_at), watchedWords: row.edit_watched_words ?? [] },
    watchedWords: row.watched_words,
    liveEdit: row.edit_unreviewed,
  };
}

function toComment(row: StaffCommentRow, users: Users) {
  return {
    id: row.id,
    postId: row.post_id,
    author: userOf(users, row.author_id),
    content: row.content,
    deleted: row.deleted,
    createdAt: iso(row.created_at),
    replyTo:
      row.reply_to_id && row.reply_to_author_id
        ? { id: row.reply_to_id, author: publicUser(userOf(users, row.reply_to_author_id)), content: row.reply_to_content ?? '' }
        : null,
    editedAt: row.edited_at ? iso(row.edited_at) : null,
  };
}

function toCaseReport(row: CaseReportRow, users: Users) {
  return {
    id: row.id,
    reporter: row.reporter_id === null ? null : publicUser(userOf(users, row.reporter_id)),
    reason: row.reason,
    ...(row.watched_words ? { watchedWords: row.watched_words } : {}),
    description: row.description,
    status: row.status,
    updatedAt: iso(row.updated_at),
  };
}

function toAudit(row: AuditRow, users: Users): AuditEntry {
  return {
    id: row.id,
    actor: publicUser(userOf(users, row.actor_id)),
    action: row.action,
    targetType: row.target_type,
    targetId: row.target_id,
    targetNames: row.target_names,
    targetUser: row.target_type === 'user' && row.target_id ? publicUser(userOf(users, row.target_id)) : null,
    targetPostId: row.target_post_id,
    reason: row.reason,
    detail: row.detail,
    createdAt: iso(row.created_at),
  };
}
