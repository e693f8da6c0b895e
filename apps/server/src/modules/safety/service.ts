import { type CreateReport, DEREGISTERED_STATE, type ListedUser, type MyReport, type Page, type PageQuery, type Report, type ReportTargetType } from '@padhub/contracts';
import type { Db } from '#server/db/client.ts';
import { fail } from '#server/lib/errors.ts';
import type { AbuseLimits } from '#server/lib/abuse-limits.ts';
import { type Claim, Idempotency } from '#server/lib/idempotency.ts';
import { decodeCursor, encodeCursor, pageOf } from '#server/lib/cursor.ts';
import { findPerson, type ListedPersonRow, publicUser, userExists } from '#server/modules/accounts/public.ts';
import type { Member } from '#server/http/session.ts';
import { announceQueue, type CommunityOffer } from '#server/modules/community/public.ts';
import type { PeopleOffer } from '#server/modules/people/public.ts';
import { type BlockKind, type BlocksRepo } from './blocks-repo.ts';
import { type MyReportRow, type ReportRow, type ReportsRepo } from './reports-repo.ts';

function toReport(row: ReportRow): Report {
  return {
    id: row.id,
    targetType: row.target_type,
    targetId: row.target_id,
    reason: row.reason,
    description: row.description,
    status: row.status,
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

const toMyReport = (row: MyReportRow): MyReport => ({ ...toReport(row), postId: row.post_id, excerpt: row.excerpt });

const toListed = (row: ListedPersonRow): ListedUser => ({ user: publicUser(row), createdAt: new Date(row.created_at).toISOString() });

/** Reports, blocks and the blacklist: what a person does to keep the community bearable for themselves. */
export class SafetyService {
  private readonly reports: ReportsRepo;
  private readonly blocks: BlocksRepo;
  private readonly idempotency: Idempotency;

  constructor(
    private readonly db: Db,
    repos: { reports: ReportsRepo; blocks: BlocksRepo },
    /** Who wrote what is reported; the follows a block ends (compose/offers.ts). */
    private readonly offers: { community: CommunityOffer; people: PeopleOffer },
    private readonly limits: AbuseLimits,
  ) {
    this.reports = repos.reports;
    this.blocks = repos.blocks;
    this.idempotency = new Idempotency(db);
  }

  /**
   * Report what the reporter can see, and is not theirs. Reporting the same target again updates
   * the first report (and puts it back in the queue) instead of adding one. Once per
   * Idempotency-Key when one is given (lib/idempotency.ts): a retried send answers the first report.
   */
  async report(viewer: Member, input: CreateReport, key?: string): Promise<Report> {
    const asked = { userId: viewer.userId, scope: 'report', key, asked: [input.targetType, input.targetId, input.reason, input.description] } as const;
    return this.idempotency.once(asked, (claim) => this.file(viewer, input, claim), async (id) => {
      const row = await this.reports.mine(viewer.orgId, viewer.userId, id);
      if (!row) throw fail('not_found');
      return toReport(row);
    });
  }

  private async file(viewer: Member, input: CreateReport, claim: Claim): Promise<string> {
    await this.limits.enforce('report', viewer.userId, viewer.ip);
    const authorId = await this.authorOf(viewer, input.targetType, input.targetId);
    // Nothing to decide about one's own content: delete it instead.
    if (authorId === viewer.userId) throw fail('forbidden');
    return this.db.tx(async (q) => {
      const reports = this.reports.on(q);
      const caseId = await reports.openCase(viewer.orgId, input.targetType, input.targetId);
      const report = await reports.upsert({ orgId: viewer.orgId, caseId, reporterId: viewer.userId, reason: input.reason, description: input.description });
      await claim(q, report.id);
      await announceQueue(q, viewer.orgId);
      return report.id;
    });
  }

  async myReports(viewer: Member, page: PageQuery): Promise<Page<MyReport>> {
    const after = page.cursor === undefined ? undefined : decodeCursor('my-reports', page.cursor, ['bigint'])[0];
    const rows = await this.reports.byReporter(viewer.orgId, viewer.userId, after, page.limit);
    return pageOf(rows, page.limit, toMyReport, (row) => encodeCursor('my-reports', [row.id]));
  }

  /** Put someone on (or take them off) my block list or blacklist. */
  async setListed(viewer: Member, kind: BlockKind, targetId: string, on: boolean): Promise<void> {
    await this.limits.enforce('block', viewer.userId, viewer.ip);
    if (targetId === viewer.userId) {
      throw fail('validation_failed', { data: { issues: [{ path: 'params.userId', message: 'you cannot block or blacklist yourself' }] } });
    }
    if (!(await userExists(this.db, viewer.orgId, targetId))) throw fail('not_found');
    await this.db.tx(async (q) => {
      await this.blocks.on(q).set(viewer.orgId, viewer.userId, targetId, kind, on);
      // Shutting someone out ends following, both ways, in the same transaction.
      if (on) await this.offers.people.endFollows(q, viewer.userId, targetId);
    });
  }

  async listed(viewer: Member, kind: BlockKind, page: PageQuery): Promise<Page<ListedUser>> {
    const cursorKind = kind === 'block' ? 'my-blocks' : 'my-blacklist';
    const after = page.cursor === undefined ? undefined : decodeCursor(cursorKind, page.cursor, ['bigint'])[0];
    const rows = await this.blocks.list(viewer.userId, kind, after, page.limit);
    return pageOf(rows, page.limit, toListed, (row) => encodeCursor(cursorKind, [row.seq]));
  }

  /**
   * The author of a target the viewer can see, or could but for their own block or blacklist:
   * people block and then report harassment. not_found for anything else (another organisation's,
   * deleted, not passed, hidden by someone else's choice).
   */
  private async authorOf(viewer: Member, type: ReportTargetType, id: string): Promise<string> {
    if (type === 'user') {
      // A person is their own "author"; a deregistered account has nobody left to act on.
      const person = await findPerson(this.db, viewer.orgId, id);
      if (!person || person.state === DEREGISTERED_STATE) throw fail('not_found');
      return person.id;
    }
    const authorId = await this.offers.community.authorOfVisible(this.db, type, viewer.orgId, id, viewer.userId, 'ignore');
    if (!authorId) throw fail('not_found');
    return authorId;
  }
}
