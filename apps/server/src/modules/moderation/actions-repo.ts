import type { Media, ReportTargetType, Role } from '@padhub/contracts';
import type { Queryable } from '../../db/client.ts';
import { CommentsRepo } from '../community/comments-repo.ts';
import { type AuditLine, writeAudit } from './audit-log.ts';

/** A moderation action's line: about members' content or accounts, and always with its reason. */
export interface ModerationLine extends AuditLine {
  targetType: 'post' | 'comment' | 'user';
  targetId: string;
  reason: string;
}

/** The writes of moderation, run inside the transaction that also writes their audit line. */
export class ActionsRepo {
  constructor(private readonly q: Queryable) {}

  /** Passes or does not pass a live post; the reason is kept for its author when it does not pass. */
  async setReview(orgId: string, postId: string, status: 'passed' | 'not_passed', reason: string | null): Promise<boolean> {
    const rows = await this.q.query(
      `update posts set review_status = $3, review_reason = $4 where id = $1 and org_id = $2 and deleted_at is null returning id`,
      [postId, orgId, status, reason],
    );
    return rows.length > 0;
  }

  /**
   * Takes a post down; one its author already deleted stays deleted (and its case can still close).
   * Answers the media it named (their files are to be deleted), or null when there is no such post.
   */
  async deletePost(orgId: string, postId: string): Promise<Media[] | null> {
    const [row] = await this.q.query<{ media: Media[] }>(
      'update posts set deleted_at = coalesce(deleted_at, now()) where id = $1 and org_id = $2 returning media',
      [postId, orgId],
    );
    return row?.media ?? null;
  }

  /** Deletes a comment or reply as its author would, counters included. */
  async deleteComment(orgId: string, commentId: string): Promise<boolean> {
    const [comment] = await this.q.query<{ post_id: string; root_id: string | null }>(
      'select post_id, root_id from comments where id = $1 and org_id = $2',
      [commentId, orgId],
    );
    if (!comment) return false;
    // The post row first, as the comments service does: one lock order, no deadlocks.
    await this.q.query('select id from posts where id = $1 for no key update', [comment.post_id]);
    const comments = new CommentsRepo(this.q);
    if (await comments.softDelete(commentId)) await comments.count(comment.post_id, comment.root_id, -1);
    return true;
  }

  /** Closes the target's open case and tells its waiting reporters the outcome; answers how many. */
  async resolveReports(orgId: string, targetType: ReportTargetType, targetId: string, outcome: 'action_taken' | 'no_action'): Promise<number> {
    const closed = await this.q.query<{ id: string }>(
      `update report_cases set status = 'closed', closed_at = now()
       where org_id = $1 and target_type = $2 and target_id = $3 and status = 'open' returning id`,
      [orgId, targetType, targetId],
    );
    if (closed.length === 0) return 0;
    // A statement of its own, not one statement with the close: a report that reopened the case
    // committed while the close waited for it, and only a later statement's snapshot sees it.
    const rows = await this.q.query(`update reports set status = $2, resolved_at = now() where case_id = $1 and status = 'received' returning id`, [
      closed[0]!.id,
      outcome,
    ]);
    return rows.length;
  }

  async hasOpenCase(orgId: string, targetType: ReportTargetType, targetId: string): Promise<boolean> {
    const rows = await this.q.query(
      `select 1 from report_cases where org_id = $1 and target_type = $2 and target_id = $3 and status = 'open'`,
      [orgId, targetType, targetId],
    );
    return rows.length > 0;
  }

  async person(orgId: string, userId: string): Promise<{ id: string; role: Role } | undefined> {
    const [row] = await this.q.query<{ id: string; role: Role }>('select id, role from users where id = $1 and org_id = $2 for update', [userId, orgId]);
    return row;
  }

  /**
   * Bans for `days`, or for good (null), hiding the person's content meanwhile when asked
   * (community/visibility.ts reads it); answers the end (null for good).
   */
  async ban(userId: string, days: number | null, hideContent: boolean): Promise<string | null> {
    const [row] = await this.q.query<{ until: Date | null }>(
      `update users set banned_until = case when $2::int is null then 'infinity'::timestamptz else now() + make_interval(days => $2::int) end,
         ban_hides_content = $3
       where id = $1 returning case when banned_until = 'infinity' then null else banned_until end as until`,
      [userId, days, hideContent],
    );
    return row?.until ? new Date(row.until).toISOString() : null;
  }

  async unban(userId: string): Promise<void> {
    await this.q.query('update users set banned_until = null, ban_hides_content = false where id = $1', [userId]);
  }

  async setRole(userId: string, role: 'user' | 'moderator'): Promise<void> {
    await this.q.query('update users set role = $2 where id = $1', [userId, role]);
  }

  log(line: ModerationLine): Promise<string> {
    return writeAudit(this.q, line);
  }
}
