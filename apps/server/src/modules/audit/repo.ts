import type { AuditAction, AuditTargetType, PerLanguage } from '@padhub/contracts';
import type { Queryable } from '#server/db/client.ts';
import { aliasOf, col } from '#server/db/sql.ts';
import { postOfComment } from '#server/modules/community/public.ts';

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

export interface AuditRow {
  id: string;
  actor_id: string;
  action: AuditAction;
  target_type: AuditTargetType;
  target_id: string | null;
  target_names: PerLanguage<string> | null;
  reason: string | null;
  detail: Record<string, unknown>;
  created_at: Date;
  /** A comment target's post (comments keep theirs after deletion). */
  target_post_id: string | null;
}

export interface AuditFilter {
  actions?: readonly AuditAction[];
  actorId?: string;
  targetType?: AuditTargetType;
  targetId?: string;
}

/**
 * The audit log, newest first, narrowed by whichever filters are given (null: any). A goods'
 * history takes in its variants' lines too: their detail names the goods.
 */
export function readAudit(q: Queryable, orgId: string, filter: AuditFilter, after: string | undefined, limit: number): Promise<AuditRow[]> {
  return q.query<AuditRow>(
    `select l.id, l.actor_id, l.action, l.target_type, l.target_id, l.target_names, l.reason, l.detail, l.created_at,
       case when l.target_type = 'comment' then ${postOfComment(col(aliasOf('moderation_log', 'l'), 'target_id'))} end as target_post_id
     from moderation_log l
     where l.org_id = $1 and ($2::bigint is null or l.id < $2::bigint)
       and ($4::text[] is null or l.action = any($4::text[]))
       and ($5::bigint is null or l.actor_id = $5::bigint)
       and ($6::text is null or (l.target_type = $6::text and ($7::bigint is null or l.target_id = $7::bigint))
         or ($6::text = 'goods' and $7::bigint is not null and l.target_type = 'goods_variant' and l.detail ->> 'goodsId' = $7::text))
     order by l.id desc limit $3`,
    [orgId, after ?? null, limit + 1, filter.actions ? `{${filter.actions.join(',')}}` : null, filter.actorId ?? null, filter.targetType ?? null, filter.targetId ?? null],
  );
}
