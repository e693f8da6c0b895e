/**
 * What other modules may use of the audit log (docs/architecture.md, "Server"). Audit owns
 * `moderation_log`: moderation, the configurations' game admin and the shop console write their
 * lines with `writeAudit`, in the transaction of the change each records; the moderation console
 * reads them with `readAudit`.
 */
export { type AuditLine, type AuditRow, readAudit, writeAudit } from './repo.ts';
