import type { AuditAction, AuditTargetType, PerLanguage } from '@padhub/contracts';
import type { Queryable } from '../../db/client.ts';

/** One line of the organisation's audit log: who did what, to what, and why (moderation) or what changed (shop). */
export interface AuditLine {
  orgId: string;
  actorId: string;
  action: AuditAction;
  targetType: AuditTargetType;
  /** Null only for the shop itself (005 and 009 hold the shape). */
  targetId: string | null;
  /** A shop target's names as they were when the action was taken. */
  targetNames?: PerLanguage<string> | null;
  reason: string | null;
  detail?: Record<string, unknown>;
}

/**
 * Appends a line. Call it with the transaction of the change it records, so that neither is ever
 * committed without the other; the table refuses to change or remove a line once written.
 */
export async function writeAudit(q: Queryable, line: AuditLine): Promise<string> {
  const [row] = await q.query<{ id: string }>(
    `insert into moderation_log (org_id, actor_id, action, target_type, target_id, target_names, reason, detail)
     values ($1, $2, $3, $4, $5, $6::jsonb, $7, $8::jsonb) returning id`,
    [
      line.orgId,
      line.actorId,
      line.action,
      line.targetType,
      line.targetId,
      line.targetNames ? JSON.stringify(line.targetNames) : null,
      line.reason,
      JSON.stringify(line.detail ?? {}),
    ],
  );
  return row!.id;
}
