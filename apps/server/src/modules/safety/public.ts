import type { Queryable } from '../../db/client.ts';

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
