/**
 * What other modules may use of moderation besides its services (docs/architecture.md,
 * "Server"). Moderation owns `moderation_log`: the shop console writes its audit lines through
 * `writeAudit`, in the transaction of the change each records. The shop console's routes admit
 * staff as the moderation console's do, and posting asks the review status a new post starts with
 * and what review an edit needs.
 */
export { type AuditLine, writeAudit } from './audit-repo.ts';
export { editReview, reviewStatusForNewPost } from './review.ts';
export { type Staff, requireStaff } from './staff.ts';
