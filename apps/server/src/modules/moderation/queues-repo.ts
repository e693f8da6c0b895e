import type { AuditAction, AuditTargetType, Lang, Media, PerLanguage, ReportReason, ReportStatus, ReportTargetType, ReviewStatus, Role } from '@padhub/contracts';
import type { Queryable } from '../../db/client.ts';
import { type BanColumns, banColumns } from '../accounts/repo.ts';

export interface StaffUserRow extends BanColumns {
  id: string;
  username: string;
  nickname: string;
  avatar: string | null;
  state: number;
  role: Role;
}

export interface CaseRow {
  id: string;
  target_type: ReportTargetType;
  target_id: string;
  opened_at: Date;
  open_reports: number;
}

export interface StaffPostRow {
  id: string;
  author_id: string;
  content: string;
  lang: Lang;
  media: Media[];
  review_status: ReviewStatus;
  review_reason: string | null;
  deleted: boolean;
  created_at: Date;
}

export interface StaffCommentRow {
  id: string;
  post_id: string;
  author_id: string;
  content: string;
  deleted: boolean;
  created_at: Date;
  reply_to_id: string | null;
  reply_to_author_id: string | null;
  reply_to_content: string | null;
}

export interface CaseReportRow {
  id: string;
  case_id: string;
  reporter_id: string;
  reason: ReportReason;
  description: string;
  status: ReportStatus;
  updated_at: Date;
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

const postColumns = `p.id, p.author_id, p.content, p.lang, p.media, p.review_status, p.review_reason,
  p.deleted_at is not null as deleted, p.created_at`;
const ids = (list: string[]) => `{${list.join(',')}}`;

/**
 * What moderators read: every query names the organisation, and none goes through the members'
 * visibility rule: moderators see hidden, deleted and not passed content, for evidence.
 */
export class QueuesRepo {
  constructor(private readonly db: Queryable) {}

  /** Open cases, the longest waiting first. */
  openCases(orgId: string, after: string | undefined, limit: number): Promise<CaseRow[]> {
    return this.db.query<CaseRow>(
      `select rc.id, rc.target_type, rc.target_id, rc.opened_at,
         (select count(*)::int from reports r where r.case_id = rc.id and r.status = 'received') as open_reports
       from report_cases rc
       where rc.org_id = $1 and rc.status = 'open' and ($2::bigint is null or rc.id > $2::bigint)
       order by rc.id limit $3`,
      [orgId, after ?? null, limit + 1],
    );
  }

  /** The latest reports of each case (at most `per` each). */
  reportsOf(caseIds: string[], per: number): Promise<CaseReportRow[]> {
    if (caseIds.length === 0) return Promise.resolve([]);
    return this.db.query<CaseReportRow>(
      `select r.* from unnest($1::bigint[]) as k (id) cross join lateral (
         select r.id, r.case_id, r.reporter_id, r.reason, r.description, r.status, r.updated_at
         from reports r where r.case_id = k.id order by r.updated_at desc, r.id desc limit $2
       ) r`,
      [ids(caseIds), per],
    );
  }

  posts(orgId: string, postIds: string[]): Promise<StaffPostRow[]> {
    if (postIds.length === 0) return Promise.resolve([]);
    return this.db.query<StaffPostRow>(`select ${postColumns} from posts p where p.org_id = $1 and p.id = any($2::bigint[])`, [orgId, ids(postIds)]);
  }

  comments(orgId: string, commentIds: string[]): Promise<StaffCommentRow[]> {
    if (commentIds.length === 0) return Promise.resolve([]);
    return this.db.query<StaffCommentRow>(
      `select c.id, c.post_id, c.author_id, c.content, c.deleted_at is not null as deleted, c.created_at,
         c.reply_to_id, a.author_id as reply_to_author_id, a.content as reply_to_content
       from comments c left join comments a on a.id = c.reply_to_id
       where c.org_id = $1 and c.id = any($2::bigint[])`,
      [orgId, ids(commentIds)],
    );
  }

  /** Posts waiting for review (pre-moderation), oldest first. */
  pendingPosts(orgId: string, after: string | undefined, limit: number): Promise<StaffPostRow[]> {
    return this.db.query<StaffPostRow>(
      `select ${postColumns} from posts p
       where p.org_id = $1 and p.review_status = 'pending' and p.deleted_at is null and ($2::bigint is null or p.id > $2::bigint)
       order by p.id limit $3`,
      [orgId, after ?? null, limit + 1],
    );
  }

  users(orgId: string, userIds: string[]): Promise<StaffUserRow[]> {
    if (userIds.length === 0) return Promise.resolve([]);
    return this.db.query<StaffUserRow>(
      `select u.id, u.username, u.nickname, u.avatar, u.state, u.role, ${banColumns} from users u where u.org_id = $1 and u.id = any($2::bigint[])`,
      [orgId, ids([...new Set(userIds)])],
    );
  }

  /**
   * People by the start of their username or nickname; without words, the staff and the people
   * banned now, so both lists a console needs are one call away.
   */
  searchUsers(orgId: string, prefix: string | undefined, after: string | undefined, limit: number): Promise<StaffUserRow[]> {
    const pattern = prefix === undefined ? null : `${prefix.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    return this.db.query<StaffUserRow>(
      `select u.id, u.username, u.nickname, u.avatar, u.state, u.role, ${banColumns} from users u
       where u.org_id = $1 and ($3::bigint is null or u.id > $3::bigint)
         and case when $2::text is null then u.role <> 'user' or u.banned_until > now()
             else u.username_key like $2::text or lower(u.nickname) like $2::text end
       order by u.id limit $4`,
      [orgId, pattern, after ?? null, limit + 1],
    );
  }

  /**
   * The audit log, newest first, narrowed by whichever filters are given (null: any). A goods'
   * history takes in its variants' lines too: their detail names the goods.
   */
  audit(orgId: string, filter: AuditFilter, after: string | undefined, limit: number): Promise<AuditRow[]> {
    return this.db.query<AuditRow>(
      `select l.id, l.actor_id, l.action, l.target_type, l.target_id, l.target_names, l.reason, l.detail, l.created_at,
         (select c.post_id::text from comments c where l.target_type = 'comment' and c.id = l.target_id) as target_post_id
       from moderation_log l
       where l.org_id = $1 and ($2::bigint is null or l.id < $2::bigint)
         and ($4::text[] is null or l.action = any($4::text[]))
         and ($5::bigint is null or l.actor_id = $5::bigint)
         and ($6::text is null or (l.target_type = $6::text and ($7::bigint is null or l.target_id = $7::bigint))
           or ($6::text = 'goods' and $7::bigint is not null and l.target_type = 'goods_variant' and l.detail ->> 'goodsId' = $7::text))
       order by l.id desc limit $3`,
      [orgId, after ?? null, limit + 1, filter.actions ? ids([...filter.actions]) : null, filter.actorId ?? null, filter.targetType ?? null, filter.targetId ?? null],
    );
  }
}

export interface AuditFilter {
  actions?: readonly AuditAction[];
  actorId?: string;
  targetType?: AuditTargetType;
  targetId?: string;
}
