import type { NewAccountRules, PersonTrust, TrustBody } from '@padhub/contracts';
import type { Db, Queryable } from '#server/db/client.ts';
import type { Staff } from '#server/http/staff.ts';
import { AppError, fail } from '#server/lib/errors.ts';
import { type NewAccountGate, countLinks } from '#server/lib/new-accounts.ts';
import { RateLimiter } from '#server/lib/rate-limit.ts';
import { writeAudit } from '#server/modules/audit/public.ts';
import { mentionedNames } from '#server/modules/community/public.ts';
import { type StandingRow, gateOf, rulesOf, saveRules, setTrusted, standingOf } from './new-accounts-repo.ts';

const HOUR = 3600;
/** Passed posts are counted up to this for the console: past any sensible threshold the number says nothing more. */
const SHOWN_PASSED_POSTS = 1000;

/**
 * New accounts earn trust (docs/moderation.md, "New accounts"): the organisation's limits, kept by
 * its admins, hold an account that is younger than the days or has fewer passed posts than the
 * rules say, unless staff trusted it. Every check reads the rules and the person's standing in the
 * writing transaction, in one statement; nothing is cached, so a change holds in every process at once.
 */
export class NewAccountsService implements NewAccountGate {
  constructor(private readonly db: Db) {}

  async post(q: Queryable, orgId: string, userId: string, post: { content: string; pictures: number }): Promise<{ hold: boolean }> {
    const held = await this.limited(q, orgId, userId);
    if (!held) return { hold: false };
    const { rules, standing } = held;
    refuseOver('too_many_links', countLinks(post.content), rules.linksPerPost);
    refuseOver('too_many_pictures', post.pictures, rules.picturesPerPost);
    await countHour(q, `new-post:user:${userId}`, rules.postsPerHour);
    await countMentions(q, userId, post.content, rules.mentionsPerHour);
    // Discourse's approve_post_count: posts wait until this many of the person's have passed.
    return { hold: standing.passed_posts < rules.firstPostsReviewed };
  }

  async comment(q: Queryable, orgId: string, userId: string, content: string): Promise<void> {
    const held = await this.limited(q, orgId, userId);
    if (!held) return;
    refuseOver('too_many_links', countLinks(content), held.rules.linksPerPost);
    await countHour(q, `new-comment:user:${userId}`, held.rules.commentsPerHour);
    await countMentions(q, userId, content, held.rules.mentionsPerHour);
  }

  async edit(q: Queryable, orgId: string, userId: string, edit: { content: string; pictures: number }): Promise<void> {
    const held = await this.limited(q, orgId, userId);
    if (!held) return;
    refuseOver('too_many_links', countLinks(edit.content), held.rules.linksPerPost);
    refuseOver('too_many_pictures', edit.pictures, held.rules.picturesPerPost);
  }

  /**
   * The rules and the person's standing when the limits hold them; undefined when they do not.
   * Read on every write, uncached, in one statement (`gateOf`): a change holds in every process at once.
   */
  private async limited(q: Queryable, orgId: string, userId: string) {
    const gate = await gateOf(q, orgId, userId);
    if (!gate?.enabled) return undefined;
    return levelOf(gate, gate) === 'new' ? { rules: gate, standing: gate } : undefined;
  }

  async rules(admin: Staff): Promise<NewAccountRules> {
    return rulesOf(this.db, admin.orgId);
  }

  async setRules(admin: Staff, rules: NewAccountRules): Promise<NewAccountRules> {
    return this.db.tx(async (q) => {
      const before = await rulesOf(q, admin.orgId, true);
      await saveRules(q, admin.orgId, rules);
      await writeAudit(q, { orgId: admin.orgId, actorId: admin.userId, action: 'set_new_account_rules', targetType: 'new_account_rules', targetId: null, reason: null, detail: { from: before, to: rules } });
      return rules;
    });
  }

  /** Each person's trust, for the console's people section. */
  async trustOf(q: Queryable, orgId: string, userIds: string[]): Promise<Map<string, PersonTrust>> {
    if (userIds.length === 0) return new Map();
    const rules = await rulesOf(q, orgId);
    const rows = await standingOf(q, orgId, userIds, SHOWN_PASSED_POSTS);
    return new Map(rows.map((row) => [row.id, toTrust(rules, row)]));
  }

  /** Staff raise a person's trust, or take it back; the audit log says who, when and why. */
  async setTrust(staff: Staff, userId: string, body: TrustBody): Promise<PersonTrust> {
    return this.db.tx(async (q) => {
      if ((await standingOf(q, staff.orgId, [userId], 0)).length === 0) throw fail('not_found');
      if (await setTrusted(q, staff.orgId, userId, staff.userId, body.trusted)) {
        const action = body.trusted ? 'trust_person' : 'untrust_person';
        await writeAudit(q, { orgId: staff.orgId, actorId: staff.userId, action, targetType: 'user', targetId: userId, reason: body.reason, detail: {} });
      }
      return (await this.trustOf(q, staff.orgId, [userId])).get(userId)!;
    });
  }
}

function levelOf(rules: NewAccountRules, row: Pick<StandingRow, 'role' | 'age_days' | 'passed_posts' | 'trusted_at'>): PersonTrust['level'] {
  // Moderators and admins hold the organisation's trust with their role.
  if (row.trusted_at !== null || row.role !== 'user') return 'trusted';
  return row.age_days < rules.youngerThanDays || row.passed_posts < rules.fewerPassedPostsThan ? 'new' : 'earned';
}

function toTrust(rules: NewAccountRules, row: StandingRow): PersonTrust {
  const level = levelOf(rules, row);
  return {
    level,
    limited: rules.enabled && level === 'new',
    ageDays: row.age_days,
    passedPosts: row.passed_posts,
    trustedBy: row.trusted_by === null ? null : { id: row.trusted_by, username: row.trusted_by_username ?? '' },
    trustedAt: row.trusted_at === null ? null : new Date(row.trusted_at).toISOString(),
  };
}

function refuseOver(key: 'too_many_links' | 'too_many_pictures', count: number, limit: number): void {
  if (count > limit) throw fail(key, { data: { limit } });
}

/**
 * Counts `times` in the hour's window of `key`, on the writing transaction: over the allowance it
 * refuses with `new_account_limited`, saying the allowance and when to try again (Retry-After), and
 * the transaction's rollback takes the count back.
 */
async function countHour(q: Queryable, key: string, limit: number, times = 1): Promise<void> {
  const limiter = new RateLimiter(q);
  try {
    await limiter.hit({ key, max: limit, windowSeconds: HOUR }, times);
  } catch (error) {
    if (!(error instanceof AppError) || error.key !== 'rate_limited') throw error;
    const { retryAfter } = error.data as { retryAfter: number };
    throw fail('new_account_limited', { data: { retryAfter, limit }, headers: error.headers });
  }
}

/** Each name mentioned (mentions.ts reads at most ten a text) counts once in the hour's mentions. */
async function countMentions(q: Queryable, userId: string, content: string, limit: number): Promise<void> {
  const names = mentionedNames(content).length;
  if (names > 0) await countHour(q, `new-mention:user:${userId}`, limit, names);
}
