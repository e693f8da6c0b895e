import type { BanBody, DismissBody, ModerationResult, RoleBody } from '@padhub/contracts';
import type { Queryable } from '../../db/client.ts';
import { fail } from '../../http/errors.ts';
import { banUser, lockPerson, setRole, unbanUser } from '../accounts/public.ts';
import { setReview, takeDownComment, takeDownPost } from '../community/public.ts';
import type { MediaLifecycle, RemovalQueue } from '../media-lifecycle/service.ts';
import { hasOpenCase, resolveReports } from '../safety/public.ts';
import { type AuditLine, writeAudit } from './audit-repo.ts';
import type { Staff } from './staff.ts';

/** A moderation action's line: about members' content or accounts, and always with its reason. */
export interface ModerationLine extends AuditLine {
  targetType: 'post' | 'comment' | 'user';
  targetId: string;
  reason: string;
}

/**
 * What moderators do. Each action, its audit line and the resolution of the target's reports are
 * one transaction: there is no action without its reason in the log, and no log line without the action.
 * Only the audit log is moderation's table: the content, the reports and the people are changed by
 * their owners (community, safety, accounts), each given the action's transaction.
 */
export class ActionsService {
  constructor(private readonly lifecycle: MediaLifecycle) {}

  /**
   * Pass (its reports: no action) or not pass with a reason its author reads (its reports: action
   * taken). Not passing keeps the post's files: its author still sees it, and a moderator may pass
   * it after all; deleting it deletes them.
   */
  review(staff: Staff, postId: string, status: 'passed' | 'not_passed', reason: string): Promise<ModerationResult> {
    return this.act(staff, async (q) => {
      if (!(await setReview(q, staff.orgId, postId, status, status === 'not_passed' ? reason : null))) throw fail('not_found');
      const reportsResolved = await resolveReports(q, staff.orgId, 'post', postId, status === 'passed' ? 'no_action' : 'action_taken');
      return { action: status === 'passed' ? 'pass' : 'not_pass', targetType: 'post', targetId: postId, reason, detail: { reportsResolved } };
    });
  }

  deletePost(staff: Staff, postId: string, reason: string): Promise<ModerationResult> {
    return this.act(staff, async (q, queue) => {
      const media = await takeDownPost(q, staff.orgId, postId);
      if (!media) throw fail('not_found');
      await queue.media(media);
      const reportsResolved = await resolveReports(q, staff.orgId, 'post', postId, 'action_taken');
      return { action: 'delete_post', targetType: 'post', targetId: postId, reason, detail: { reportsResolved } };
    });
  }

  deleteComment(staff: Staff, commentId: string, reason: string): Promise<ModerationResult> {
    return this.act(staff, async (q) => {
      if (!(await takeDownComment(q, staff.orgId, commentId))) throw fail('not_found');
      const reportsResolved = await resolveReports(q, staff.orgId, 'comment', commentId, 'action_taken');
      return { action: 'delete_comment', targetType: 'comment', targetId: commentId, reason, detail: { reportsResolved } };
    });
  }

  /** The content is fine: its reporters learn that no action was taken. */
  dismiss(staff: Staff, body: DismissBody): Promise<ModerationResult> {
    return this.act(staff, async (q) => {
      if (!(await hasOpenCase(q, staff.orgId, body.targetType, body.targetId))) throw fail('not_found');
      const reportsResolved = await resolveReports(q, staff.orgId, body.targetType, body.targetId, 'no_action');
      return { action: 'dismiss_reports', targetType: body.targetType, targetId: body.targetId, reason: body.reason, detail: { reportsResolved } };
    });
  }

  ban(staff: Staff, userId: string, body: BanBody): Promise<ModerationResult> {
    return this.act(staff, async (q) => {
      await this.mayActOn(q, staff, userId);
      const until = await banUser(q, userId, body.days, body.hideContent);
      return { action: 'ban', targetType: 'user', targetId: userId, reason: body.reason, detail: { days: body.days, until, hideContent: body.hideContent } };
    });
  }

  unban(staff: Staff, userId: string, reason: string): Promise<ModerationResult> {
    return this.act(staff, async (q) => {
      await this.mayActOn(q, staff, userId);
      await unbanUser(q, userId);
      return { action: 'unban', targetType: 'user', targetId: userId, reason };
    });
  }

  /** Admins only (the route asks): grant or remove the moderator role. Admins are not changed here. */
  setRole(staff: Staff, userId: string, body: RoleBody): Promise<ModerationResult> {
    return this.act(staff, async (q) => {
      const person = await lockPerson(q, staff.orgId, userId);
      if (!person) throw fail('not_found');
      if (person.id === staff.userId || person.role === 'admin') throw fail('forbidden');
      await setRole(q, userId, body.role);
      return { action: body.role === 'moderator' ? 'grant_moderator' : 'revoke_moderator', targetType: 'user', targetId: userId, reason: body.reason };
    });
  }

  /** Moderators ban users; admins also moderators; nobody bans an admin or themselves. */
  private async mayActOn(q: Queryable, staff: Staff, userId: string): Promise<void> {
    const person = await lockPerson(q, staff.orgId, userId);
    if (!person) throw fail('not_found');
    const outranked = person.role === 'admin' || (person.role === 'moderator' && staff.role !== 'admin');
    if (person.id === staff.userId || outranked) throw fail('forbidden');
  }

  /** The files a removal queues are deleted after the commit (media-lifecycle). */
  private act(staff: Staff, action: (q: Queryable, queue: RemovalQueue) => Promise<Omit<ModerationLine, 'orgId' | 'actorId'>>): Promise<ModerationResult> {
    return this.lifecycle.removing(async (q, queue) => {
      const line = await action(q, queue);
      const auditId = await writeAudit(q, { ...line, orgId: staff.orgId, actorId: staff.userId });
      const resolved = line.detail?.reportsResolved;
      return { auditId, reportsResolved: typeof resolved === 'number' ? resolved : 0 };
    });
  }
}
