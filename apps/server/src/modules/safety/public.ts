import type { Queryable } from '#server/db/client.ts';

/**
 * What other modules may use of safety besides its service (docs/architecture.md, "Server").
 * Safety owns `user_blocks`, `report_cases` and `reports`. Community's visibility rule
 * (community/visibility.ts) and configuration cards test blocks in their own statements through
 * the fragments below; moderation lists and closes cases through the functions re-exported here,
 * which take the caller's transaction.
 */

/** The viewer blocked or blacklisted `author` (both are in user_blocks). */
export function blockedBy(viewer: string, author: string): string {
  return `exists (select 1 from user_blocks hidden_by where hidden_by.user_id = ${viewer} and hidden_by.target_id = ${author}.id)`;
}

/** The owner blacklisted the viewer. */
export function blacklistedBy(owner: string, viewer: string): string {
  return `exists (select 1 from user_blocks shut_out where shut_out.user_id = ${owner}.id and shut_out.target_id = ${viewer} and shut_out.kind = 'blacklist')`;
}

/**
 * Either has the other on a list, whichever list and whichever way: neither is offered to the
 * other (an @-mention's suggestions).
 */
export function listedEitherWay(viewer: string, person: string): string {
  return `exists (select 1 from user_blocks either_way where (either_way.user_id = ${viewer} and either_way.target_id = ${person}.id)
    or (either_way.user_id = ${person}.id and either_way.target_id = ${viewer}))`;
}

/**
 * Subquery: one row (`id`) per person on the viewer's block list or blacklist, though someone may be
 * on both (the blacklist's row then stands for both), so counting over it counts each person once.
 */
export function listedByViewer(viewer: string): string {
  return `select hb.target_id as id from user_blocks hb where hb.user_id = ${viewer} and (hb.kind = 'blacklist'
    or not exists (select 1 from user_blocks hb2 where hb2.user_id = hb.user_id and hb2.target_id = hb.target_id and hb2.kind = 'blacklist'))`;
}

/**
 * Scalar subquery: which of the viewer's lists holds `author` ('block' or 'blacklist'), null when
 * neither. On both: the blacklist, as taking them off it alone would not show their content.
 */
export function viewerListOf(viewer: string, author: string): string {
  return `(select ol.kind from user_blocks ol where ol.user_id = ${viewer} and ol.target_id = ${author}.id
    order by ol.kind = 'blacklist' desc limit 1)`;
}

export { type CaseReportRow, hasOpenCase, openCases, reportsOfCases, resolveReports } from './cases-repo.ts';

/**
 * The recipient blocked the actor, or the actor blacklisted the recipient: nothing of the actor's
 * reaches the recipient (notifications ask before creating one).
 */
export async function shutOut(q: Queryable, recipientId: string, actorId: string): Promise<boolean> {
  const rows = await q.query(
    `select 1 from user_blocks where (user_id = $1 and target_id = $2) or (user_id = $2 and target_id = $1 and kind = 'blacklist') limit 1`,
    [recipientId, actorId],
  );
  return rows.length > 0;
}

/** The viewer has the person on their block list. */
export async function blockedByViewer(q: Queryable, viewerId: string, userId: string): Promise<boolean> {
  return (await q.query(`select 1 from user_blocks where user_id = $1 and target_id = $2 and kind = 'block'`, [viewerId, userId])).length > 0;
}
