import type { Queryable } from '#server/db/client.ts';
import { type Condition, type Expr, type Row, col, sql } from '#server/db/sql.ts';

/**
 * Who may see whom: blocks and blacklists (`user_blocks`, written by safety), follows (`follows`,
 * written by people) and bans that hide content (`users`, written by accounts). A viewer is a
 * bigint expression, a person a row of `users`.
 */

/** The viewer blocked or blacklisted `author` (both are in user_blocks). */
export function blockedBy(viewer: Expr<'bigint'>, author: Row<'users'>): Condition {
  return sql`exists (select 1 from user_blocks hidden_by where hidden_by.user_id = ${viewer} and hidden_by.target_id = ${col(author, 'id')})`;
}

/** The owner blacklisted the viewer. */
export function blacklistedBy(owner: Row<'users'>, viewer: Expr<'bigint'>): Condition {
  return sql`exists (select 1 from user_blocks shut_out where shut_out.user_id = ${col(owner, 'id')} and shut_out.target_id = ${viewer} and shut_out.kind = 'blacklist')`;
}

/**
 * Either has the other on a list, whichever list and whichever way: neither is offered to the
 * other (an @-mention's suggestions).
 */
export function listedEitherWay(viewer: Expr<'bigint'>, person: Row<'users'>): Condition {
  return sql`exists (select 1 from user_blocks either_way where (either_way.user_id = ${viewer} and either_way.target_id = ${col(person, 'id')})
    or (either_way.user_id = ${col(person, 'id')} and either_way.target_id = ${viewer}))`;
}

/**
 * Subquery: one row (`id`) per person on the viewer's block list or blacklist, though someone may be
 * on both (the blacklist's row then stands for both), so counting over it counts each person once.
 */
export function listedByViewer(viewer: Expr<'bigint'>): Expr<'rows'> {
  return sql`select hb.target_id as id from user_blocks hb where hb.user_id = ${viewer} and (hb.kind = 'blacklist'
    or not exists (select 1 from user_blocks hb2 where hb2.user_id = hb.user_id and hb2.target_id = hb.target_id and hb2.kind = 'blacklist'))`;
}

/**
 * Scalar subquery: which of the viewer's lists holds `author` ('block' or 'blacklist'), null when
 * neither. On both: the blacklist, as taking them off it alone would not show their content.
 */
export function viewerListOf(viewer: Expr<'bigint'>, author: Row<'users'>): Expr<'text'> {
  return sql`(select ol.kind from user_blocks ol where ol.user_id = ${viewer} and ol.target_id = ${col(author, 'id')}
    order by ol.kind = 'blacklist' desc limit 1)`;
}

/** The viewer follows the person whose id is `author`. */
export function followedBy(viewer: Expr<'bigint'>, author: Expr<'bigint'>): Condition {
  return sql`exists (select 1 from follows fw where fw.follower_id = ${viewer} and fw.followee_id = ${author})`;
}

/** The person is banned with their content hidden, while the ban lasts (migration 012). */
export function contentHiddenByBan(person: Row<'users'>): Condition {
  return sql`(${col(person, 'ban_hides_content')} and ${col(person, 'banned_until')} > now())`;
}

/**
 * Subquery: the ids (`id`) of the organisation's people whose ban hides their content now, and for
 * whom `when` holds (a condition over `person`). They are few; an index keeps them (migration 012).
 */
export function peopleHiddenByBan(org: Expr<'text'>, person: Row<'users'>, when: Condition = sql`true`): Expr<'rows'> {
  return sql`select ${col(person, 'id')} from users ${person} where ${col(person, 'org_id')} = ${org} and ${contentHiddenByBan(person)} and ${when}`;
}

/**
 * The recipient blocked the actor, or the actor blacklisted the recipient: nothing of the actor's
 * reaches the recipient (notifications ask before creating one; a follow is refused).
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
