import type { ReportReason, ReportStatus, ReportTargetType } from '@padhub/contracts';
import type { Queryable } from '#server/db/client.ts';

/**
 * Report cases as moderation reads and closes them (through public.ts). Members open them in
 * reports-repo.ts; moderators list them and close them here, in the transaction of their action.
 */

export interface CaseRow {
  id: string;
  target_type: ReportTargetType;
  target_id: string;
  opened_at: Date;
  open_reports: number;
}

export interface CaseReportRow {
  id: string;
  case_id: string;
  /** Null for the system's report of a `flag` watched word (migration 038). */
  reporter_id: string | null;
  reason: ReportReason | 'watched_word';
  watched_words: string[] | null;
  description: string;
  status: ReportStatus;
  updated_at: Date;
}

/** Open cases, the longest waiting first. */
export function openCases(q: Queryable, orgId: string, after: string | undefined, limit: number): Promise<CaseRow[]> {
  return q.query<CaseRow>(
    `select rc.id, rc.target_type, rc.target_id, rc.opened_at,
       (select count(*)::int from reports r where r.case_id = rc.id and r.status = 'received') as open_reports
     from report_cases rc
     where rc.org_id = $1 and rc.status = 'open' and ($2::bigint is null or rc.id > $2::bigint)
     order by rc.id limit $3`,
    [orgId, after ?? null, limit + 1],
  );
}

/** The latest reports of each case (at most `per` each). */
export function reportsOfCases(q: Queryable, caseIds: string[], per: number): Promise<CaseReportRow[]> {
  if (caseIds.length === 0) return Promise.resolve([]);
  return q.query<CaseReportRow>(
    `select r.* from unnest($1::bigint[]) as k (id) cross join lateral (
       select r.id, r.case_id, r.reporter_id, r.reason, r.watched_words, r.description, r.status, r.updated_at
       from reports r where r.case_id = k.id order by r.updated_at desc, r.id desc limit $2
     ) r`,
    [`{${caseIds.join(',')}}`, per],
  );
}

/** Closes the target's open case and tells its waiting reporters the outcome; answers who they are. */
export async function resolveReports(
  q: Queryable,
  orgId: string,
  targetType: ReportTargetType,
  targetId: string,
  outcome: 'action_taken' | 'no_action',
): Promise<string[]> {
  const closed = await q.query<{ id: string }>(
    `update report_cases set status = 'closed', closed_at = now()
     where org_id = $1 and target_type = $2 and target_id = $3 and status = 'open' returning id`,
    [orgId, targetType, targetId],
  );
  if (closed.length === 0) return [];
  // A statement of its own, not one statement with the close: a report that reopened the case
  // committed while the close waited for it, and only a later statement's snapshot sees it.
  const rows = await q.query<{ reporter_id: string | null }>(`update reports set status = $2, resolved_at = now() where case_id = $1 and status = 'received' returning reporter_id`, [
    closed[0]!.id,
    outcome,
  ]);
  // The system's report has nobody to tell.
  return rows.flatMap((r) => (r.reporter_id === null ? [] : [r.reporter_id]));
}

export async function hasOpenCase(q: Queryable, orgId: string, targetType: ReportTargetType, targetId: string): Promise<boolean> {
  const rows = await q.query(`select 1 from report_cases where org_id = $1 and target_type = $2 and target_id = $3 and status = 'open'`, [
    orgId,
    targetType,
    targetId,
  ]);
  return rows.length > 0;
}

/** How many cases are open: the reports queue's length. */
export async function openCaseCount(q: Queryable, orgId: string): Promise<number> {
  const [row] = await q.query<{ n: number }>(`select count(*)::int as n from report_cases where org_id = $1 and status = 'open'`, [orgId]);
  return row?.n ?? 0;
}
