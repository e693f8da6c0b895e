import type { BanBody, DismissBody, Lang, ModerationResult, RoleBody } from '@padhub/contracts';
import type { Queryable } from '#server/db/client.ts';
import { fail } from '#server/lib/errors.ts';
import { banUser, lockPerson, setRole, unbanUser } from '#server/modules/accounts/public.ts';
import {
  announceListed,
  announceQueue,
  type CommunityOffer,
  contentOf,
  mentionedNames,
  passPostEdit,
  refusePostEdit,
  setReview,
  takeDownPost,
} from '#server/modules/community/public.ts';
import type { MediaLifecycle, RemovalQueue } from '#server/modules/media-lifecycle/public.ts';
import type { Notices } from '#server/lib/notices.ts';
import { hasOpenCase, keepRemovedPictures, resolveReports } from '#server/modules/safety/public.ts';
import { revokeUploadCredentials } from '#server/modules/uploads/public.ts';
import type { Staff } from '#server/http/staff.ts';
import { type AuditLine, writeAudit } from '#server/modules/audit/public.ts';

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
  constructor(
    /** Community's held comments' review, mentions and comment take-downs, run on the action's transaction (compose/offers.ts). */
    private readonly offers: { community: CommunityOffer },
    private readonly lifecycle: MediaLifecycle,
    private readonly notifier: Notices,
  ) {}

  /**
   * Pass (its reports: no action) or not pass with a reason its author reads (its reports: action
   * taken). Not passing keeps the post's files: its author still sees it, and a moderator may pass
   * it after all; deleting it deletes them.
   */
  review(staff: Staff, postId: string, status: 'passed' | 'not_passed', reason: string, edit = false, lang: Lang = 'en'): Promise<ModerationResult> {
    if (edit) return this.reviewEdit(staff, postId, status, reason, lang);
    return this.act(staff, async (q) => {
      const was = await setReview(q, staff.orgId, postId, status, status === 'not_passed' ? { text: reason, lang } : null);
      if (was === undefined) throw fail('not_found');
      if (status === 'passed' && was !== 'passed') await announceListed(q, staff.orgId, postId);
      const outcome = status === 'passed' ? 'no_action' : 'action_taken';
      const reporters = await resolveReports(q, staff.orgId, 'post', postId, outcome);
      const reportsResolved = await this.tell(q, staff, { type: 'post', id: postId }, status === 'passed' ? 'post_passed' : 'post_not_passed', reason, reporters, outcome);
      return { action: status === 'passed' ? 'pass' : 'not_pass', targetType: 'post', targetId: postId, reason, detail: { reportsResolved } };
    });
  }

  /**
   * The edit of a passed post, waiting under pre-moderation: passing puts it in the passed
   * version's place (the files only that version showed are released); not passing keeps the post
   * as it was and tells its author why. The post's reports are not the edit's: they stay open.
   */
  private reviewEdit(staff: Staff, postId: string, status: 'passed' | 'not_passed', reason: string, lang: Lang): Promise<ModerationResult> {
    return this.act(staff, async (q, queue) => {
      if (status === 'passed') {
        const before = await contentOf(q, staff.orgId, 'post', postId);
        const released = await passPostEdit(q, staff.orgId, postId);
        if (!released || !before) throw fail('not_found');
        await queue.media(released);
        // People the edit newly names learn of it now that others can read it; those named before are not told twice.
        const after = await contentOf(q, staff.orgId, 'post', postId);
        const item = { orgId: staff.orgId, authorId: before.author_id, postId, content: after?.content ?? '' };
        await this.offers.community.notifyMentions(q, this.notifier, item, { names: mentionedNames(before.content) });
      } else if (!(await refusePostEdit(q, staff.orgId, postId, { text: reason, lang }))) throw fail('not_found');
      await this.tell(q, staff, { type: 'post', id: postId }, status === 'passed' ? 'post_passed' : 'post_not_passed', reason, [], 'no_action');
      return { action: status === 'passed' ? 'pass' : 'not_pass', targetType: 'post', targetId: postId, reason, detail: { edit: true } };
    });
  }

  /**
   * A comment a watched word holds: passing shows and counts it and tells whom it would have told;
   * not passing deletes it and tells its author why. Its reports (a `flag` word's) close with it.
   */
  reviewComment(staff: Staff, commentId: string, status: 'passed' | 'not_passed', reason: string): Promise<ModerationResult> {
    return this.act(staff, async (q) => {
      const passed = status === 'passed';
      if (!(await (passed ? this.offers.community.passHeldComment(q, this.notifier, staff.orgId, commentId) : this.offers.community.refuseHeldComment(q, staff.orgId, commentId)))) throw fail('not_found');
      const outcome = passed ? 'no_action' : 'action_taken';
      const reporters = await resolveReports(q, staff.orgId, 'comment', commentId, outcome);
      const reportsResolved = await this.tell(q, staff, { type: 'comment', id: commentId }, passed ? null : 'comment_removed', reason, reporters, outcome);
      return { action: passed ? 'pass' : 'not_pass', targetType: 'comment', targetId: commentId, reason, detail: { reportsResolved, held: true } };
    });
  }

  deletePost(staff: Staff, postId: string, reason: string): Promise<ModerationResult> {
    return this.act(staff, async (q, queue) => {
      const media = await takeDownPost(q, staff.orgId, postId);
      if (!media) throw fail('not_found');
      // Its pictures go on the organisation's list before their files go: a re-upload is caught (docs/moderation.md).
      await keepRemovedPictures(q, staff.orgId, { postId });
      await queue.media(media);
      const reporters = await resolveReports(q, staff.orgId, 'post', postId, 'action_taken');
      const reportsResolved = await this.tell(q, staff, { type: 'post', id: postId }, 'post_removed', reason, reporters, 'action_taken');
      return { action: 'delete_post', targetType: 'post', targetId: postId, reason, detail: { reportsResolved } };
    });
  }

  deleteComment(staff: Staff, commentId: string, reason: string): Promise<ModerationResult> {
    return this.act(staff, async (q) => {
      if (!(await this.offers.community.takeDownComment(q, staff.orgId, commentId))) throw fail('not_found');
      const reporters = await resolveReports(q, staff.orgId, 'comment', commentId, 'action_taken');
      const reportsResolved = await this.tell(q, staff, { type: 'comment', id: commentId }, 'comment_removed', reason, reporters, 'action_taken');
      return { action: 'delete_comment', targetType: 'comment', targetId: commentId, reason, detail: { reportsResolved } };
    });
  }

  /** The content is fine: its reporters learn that no action was taken. */
  dismiss(staff: Staff, body: DismissBody): Promise<ModerationResult> {
    return this.act(staff, async (q) => {
      if (!(await hasOpenCase(q, staff.orgId, body.targetType, body.targetId))) throw fail('not_found');
      const reporters = await resolveReports(q, staff.orgId, body.targetType, body.targetId, 'no_action');
      const reportsResolved = await this.tell(q, staff, { type: body.targetType, id: body.targetId }, null, body.reason, reporters, 'no_action');
      return { action: 'dismiss_reports', targetType: body.targetType, targetId: body.targetId, reason: body.reason, detail: { reportsResolved } };
    });
  }

  ban(staff: Staff, userId: string, body: BanBody): Promise<ModerationResult> {
    return this.act(staff, async (q) => {
      await this.mayActOn(q, staff, userId);
      const until = await banUser(q, userId, body.days, body.hideContent);
      if (body.hideContent) await keepRemovedPictures(q, staff.orgId, { authorId: userId });
      await revokeUploadCredentials(q, userId);
      // A ban is the action taken on reports of the person themselves.
      const reporters = await resolveReports(q, staff.orgId, 'user', userId, 'action_taken');
      const reportsResolved = await this.tell(q, staff, { type: 'user', id: userId }, null, body.reason, reporters, 'action_taken');
      const detail = { days: body.days, until, hideContent: body.hideContent, ...(reportsResolved > 0 ? { reportsResolved } : {}) };
      return { action: 'ban', targetType: 'user', targetId: userId, reason: body.reason, detail };
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

  /**
   * Tells the author of the content the decision (with the moderator's reason), unless the
   * decision leaves it as it was for them, and each reporter the outcome; answers how many reports closed.
   */
  private async tell(
    q: Queryable,
    staff: Staff,
    target: { type: 'post' | 'comment' | 'user'; id: string },
    decision: 'post_passed' | 'post_not_passed' | 'post_removed' | 'comment_removed' | null,
    reason: string,
    reporters: string[],
    outcome: 'action_taken' | 'no_action',
  ): Promise<number> {
    if (target.type === 'user') {
      // A person has no text to quote: the reporters learn the outcome about them.
      const event = { orgId: staff.orgId, actorId: null, target } as const;
      for (const reporter of reporters) {
        if (reporter !== staff.userId) await this.notifier.notify(q, { ...event, type: 'report_outcome', recipientId: reporter, reason: outcome });
      }
      return reporters.length;
    }
    const content = await contentOf(q, staff.orgId, target.type, target.id);
    if (!content) return reporters.length;
    const about = { ...target, postId: content.post_id, excerpt: content.content };
    const event = { orgId: staff.orgId, actorId: null, target: about };
    if (decision && content.author_id !== staff.userId) {
      await this.notifier.notify(q, { ...event, type: decision, recipientId: content.author_id, reason: decision === 'post_passed' ? null : reason });
    }
    for (const reporter of reporters) {
      if (reporter !== staff.userId) await this.notifier.notify(q, { ...event, type: 'report_outcome', recipientId: reporter, reason: outcome });
    }
    return reporters.length;
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
      // Whatever staff decided, what waits for them may have changed: their pages recount it.
      await announceQueue(q, staff.orgId);
      const auditId = await writeAudit(q, { ...line, orgId: staff.orgId, actorId: staff.userId });
      const resolved = line.detail?.reportsResolved;
      return { auditId, reportsResolved: typeof resolved === 'number' ? resolved : 0 };
    });
  }
}
