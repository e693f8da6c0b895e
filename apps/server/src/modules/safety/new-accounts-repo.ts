import type { NewAccountRules } from '@padhub/contracts';
import type { Queryable } from '#server/db/client.ts';

/**
 * The limits of an organisation that has not set its own: off, and when an admin turns them on,
 * near Discourse's for its new users (config/site_settings.yml: newuser_max_links 2,
 * newuser_max_mentions_per_post 2, max_replies_in_first_day 10, approve_post_count 0). A post here
 * carries up to 18 pictures, so four rather than Discourse's one embedded picture.
 */
export const defaultRules: NewAccountRules = {
  enabled: false,
  youngerThanDays: 3,
  fewerPassedPostsThan: 3,
  postsPerHour: 3,
  commentsPerHour: 10,
  mentionsPerHour: 5,
  linksPerPost: 2,
  picturesPerPost: 4,
  firstPostsReviewed: 0,
};

const columns = (r = '') => `${r}enabled, ${r}younger_than_days as "youngerThanDays", ${r}fewer_passed_posts_than as "fewerPassedPostsThan",
  ${r}posts_per_hour as "postsPerHour", ${r}comments_per_hour as "commentsPerHour", ${r}mentions_per_hour as "mentionsPerHour",
  ${r}links_per_post as "linksPerPost", ${r}pictures_per_post as "picturesPerPost", ${r}first_posts_reviewed as "firstPostsReviewed"`;

export async function rulesOf(q: Queryable, orgId: string, lock = false): Promise<NewAccountRules> {
  const [row] = await q.query<NewAccountRules>(`select ${columns()} from new_account_rules where org_id = $1${lock ? ' for update' : ''}`, [orgId]);
  return row ?? defaultRules;
}

export async function saveRules(q: Queryable, orgId: string, r: NewAccountRules): Promise<void> {
  await q.query(
    `insert into new_account_rules (org_id, enabled, younger_than_days, fewer_passed_posts_than, posts_per_hour, comments_per_hour,
       mentions_per_hour, links_per_post, pictures_per_post, first_posts_reviewed)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
     on conflict (org_id) do update set enabled = $2, younger_than_days = $3, fewer_passed_posts_than = $4, posts_per_hour = $5,
       comments_per_hour = $6, mentions_per_hour = $7, links_per_post = $8, pictures_per_post = $9, first_posts_reviewed = $10, updated_at = now()`,
    [orgId, r.enabled, r.youngerThanDays, r.fewerPassedPostsThan, r.postsPerHour, r.commentsPerHour, r.mentionsPerHour, r.linksPerPost, r.picturesPerPost, r.firstPostsReviewed],
  );
}

export interface StandingRow {
  id: string;
  role: 'user' | 'moderator' | 'admin';
  age_days: number;
  passed_posts: number;
  trusted_by: string | null;
  trusted_by_username: string | null;
  trusted_at: Date | null;
}

/**
 * How old each account of the organisation is, how many of its posts passed (counted up to `cap`:
 * past the thresholds more does not matter), and who trusted it. Read in the writing transaction,
 * so the figures are the database's, whichever process asks.
 */
export function standingOf(q: Queryable, orgId: string, userIds: string[], cap: number): Promise<StandingRow[]> {
  return q.query<StandingRow>(
    `select ${standing('$3')}, t.trusted_by::text, b.username as trusted_by_username
     from users u left join trusted_people t on t.user_id = u.id left join users b on b.id = t.trusted_by
     where u.org_id = $1 and u.id = any($2::bigint[])`,
    [orgId, userIds, cap],
  );
}

/** How old the account is, its passed posts (up to `cap`, an SQL expression) and when staff trusted it. */
const standing = (cap: string) => `u.id::text, u.role, floor(extract(epoch from now() - u.created_at) / 86400)::int as age_days,
  (select count(*)::int from (select 1 from posts p where p.author_id = u.id and p.review_status = 'passed' and p.deleted_at is null limit ${cap}) passed) as passed_posts,
  t.trusted_at`;

export type GateRow = NewAccountRules & Omit<StandingRow, 'trusted_by' | 'trusted_by_username'>;

/**
 * The organisation's rules and the writer's standing, in one statement: every post, comment and
 * edit asks, in its writing transaction, so a change of the rules or of a person's trust holds at
 * once in every process (as the watched words' version check does) for one round trip, not two.
 * Without rules of its own the organisation has the defaults; passed posts are counted only while
 * the limits are on, up to the larger of the two thresholds that read them. Undefined when the
 * writer is not the organisation's.
 */
export async function gateOf(q: Queryable, orgId: string, userId: string): Promise<GateRow | undefined> {
  const d = defaultRules;
  const rule = (column: string, fallback: number | boolean) => `coalesce(r.${column}, ${typeof fallback === 'boolean' ? fallback : Number(fallback)})`;
  const cap = `case when ${rule('enabled', d.enabled)} then greatest(${rule('fewer_passed_posts_than', d.fewerPassedPostsThan)}, ${rule('first_posts_reviewed', d.firstPostsReviewed)}) else 0 end`;
  const [row] = await q.query<GateRow & { enabled: boolean | null }>(
    `select ${columns('r.')}, ${standing(cap)}
     from users u left join new_account_rules r on r.org_id = u.org_id left join trusted_people t on t.user_id = u.id
     where u.org_id = $1 and u.id = $2`,
    [orgId, userId],
  );
  if (!row) return undefined;
  // No rules row: the left join leaves every rule null, and the defaults hold.
  return row.enabled === null ? { ...row, ...defaultRules } : row;
}

/** Raises (or takes back) a person's trust; answers whether that changed anything. */
export async function setTrusted(q: Queryable, orgId: string, userId: string, by: string, trusted: boolean): Promise<boolean> {
  const rows = trusted
    ? await q.query('insert into trusted_people (user_id, org_id, trusted_by) values ($1, $2, $3) on conflict (user_id) do nothing returning user_id', [userId, orgId, by])
    : await q.query('delete from trusted_people where user_id = $1 and org_id = $2 returning user_id', [userId, orgId]);
  return rows.length > 0;
}

/** Trusts every account of these organisations, by no one (the demo data's people: seed/index.ts). */
export async function trustEveryone(q: Queryable, orgIds: string[]): Promise<void> {
  await q.query('insert into trusted_people (user_id, org_id) select id, org_id from users where org_id = any($1) on conflict (user_id) do nothing', [orgIds]);
}
