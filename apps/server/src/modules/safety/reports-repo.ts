import type { ReportReason, ReportStatus, ReportTargetType } from '@padhub/contracts';
import { aliasOf, col, placeholder, sql } from '#server/db/sql.ts';
import { visibleComment, visiblePost } from '#server/modules/community/public.ts';
import { Repo } from '#server/db/repo.ts';

export interface ReportRow {
  id: string;
  target_type: ReportTargetType;
  target_id: string;
  reason: ReportReason;
  description: string;
  status: ReportStatus;
  created_at: Date;
  updated_at: Date;
}

export interface MyReportRow extends ReportRow {
  post_id: string | null;
  excerpt: string | null;
}

const reportColumns = `r.id, rc.target_type, rc.target_id, r.reason, r.description, r.status, r.created_at, r.updated_at`;


/** The case `rc` a report belongs to, as `byReporter` names it. */
const reported = aliasOf('report_cases', 'rc');
export class ReportsRepo extends Repo {
  /**
   * The target's case, opened (or opened again) for a new report. One row per target however many
   * report it, so moderators decide once per target.
   */
  async openCase(orgId: string, targetType: ReportTargetType, targetId: string): Promise<string> {
    const [row] = await this.q.query<{ id: string }>(
      `insert into report_cases (org_id, target_type, target_id) values ($1, $2, $3)
       on conflict (org_id, target_type, target_id) do update set status = 'open', closed_at = null
       returning id`,
      [orgId, targetType, targetId],
    );
    return row!.id;
  }

  /** The reporter's report on the case: new, or the first one updated and waiting again. */
  async upsert(report: { orgId: string; caseId: string; reporterId: string; reason: ReportReason; description: string }): Promise<ReportRow> {
    const [row] = await this.q.query<ReportRow>(
      `with saved as (
         insert into reports (org_id, case_id, reporter_id, reason, description) values ($1, $2, $3, $4, $5)
         on conflict (case_id, reporter_id) do update
           set reason = excluded.reason, description = excluded.description, status = 'received', updated_at = now(), resolved_at = null
         returning *
       )
       select ${reportColumns} from saved r join report_cases rc on rc.id = r.case_id`,
      [report.orgId, report.caseId, report.reporterId, report.reason, report.description],
    );
    return row!;
  }

  /**
   * The system's report of a `flag` watched word on the case (migration 038): new, or the one it
   * has updated with the words met now and waiting again.
   */
  async flag(orgId: string, caseId: string, words: string[]): Promise<void> {
    await this.q.query(
      `insert into reports (org_id, case_id, reporter_id, reason, watched_words) values ($1, $2, null, 'watched_word', $3::text[])
       on conflict (case_id) where reporter_id is null do update
         set watched_words = excluded.watched_words, status = 'received', updated_at = now(), resolved_at = null`,
      [orgId, caseId, words],
    );
  }

  /** One of my reports as it is now (a repeated send answers it). */
  async mine(orgId: string, reporterId: string, id: string): Promise<ReportRow | undefined> {
    const [row] = await this.q.query<ReportRow>(
      `select ${reportColumns} from reports r join report_cases rc on rc.id = r.case_id where r.org_id = $1 and r.reporter_id = $2 and r.id = $3`,
      [orgId, reporterId, id],
    );
    return row;
  }

  /**
   * My reports, newest first, each with its post and an excerpt while the target is there for me:
   * my own lists are ignored (blocking the author after reporting them is common, and what I
   * reported must stay recognisable), their deletion, hiding or ban are not.
   */
  byReporter(orgId: string, reporterId: string, after: string | undefined, limit: number): Promise<MyReportRow[]> {
    return this.q.query<MyReportRow>(
      `select ${reportColumns}, coalesce(tp.post_id, tc.post_id) as post_id, left(coalesce(tp.content, tc.content), 80) as excerpt
       from reports r join report_cases rc on rc.id = r.case_id
       left join lateral (${visiblePost(col(reported, 'target_id'), placeholder(1, 'bigint'), sql`${col(reported, 'target_type')} = 'post'`, 'ignore')}) tp on true
       left join lateral (${visibleComment(col(reported, 'target_id'), placeholder(1, 'bigint'), sql`${col(reported, 'target_type')} = 'comment'`, 'ignore')}) tc on true
       where r.reporter_id = $1 and r.org_id = $2 and ($3::bigint is null or r.id < $3::bigint)
       order by r.id desc limit $4`,
      [reporterId, orgId, after ?? null, limit + 1],
    );
  }
}
