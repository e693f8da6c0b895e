import { DEREGISTERED_STATE } from '@padhub/contracts';

/**
 * What other modules may use of accounts besides its service (docs/architecture.md, "Server").
 * Accounts owns `users` and `sessions`. Another module's query that must show or filter by a
 * person in the same statement (an author beside each post of a page) joins `users` through these
 * fragments; a change to a person (a role, a ban) goes through the functions below, which take
 * the caller's transaction.
 */

/** `join users <alias> on <alias>.id = <id>` (or a left join): the person behind an id. */
export function joinUser(alias: string, id: string, how: 'join' | 'left join' = 'join'): string {
  return `${how} users ${alias} on ${alias}.id = ${id}`;
}

/** The public columns of the person joined as `alias` (id, username, nickname, avatar, state), each as `<prefix>_<column>`. */
export function userColumns(alias: string, prefix: string): string {
  return `${alias}.id as ${prefix}_id, ${alias}.username as ${prefix}_username, ${alias}.nickname as ${prefix}_nickname,
    ${alias}.avatar as ${prefix}_avatar, ${alias}.state as ${prefix}_state`;
}

/** A row of `plainUserColumns`. */
interface PlainUserRow {
  id: string;
  username: string;
  nickname: string;
  avatar: string | null;
  state: number;
}

/** A person in a keyset-paged list of people (followers, the blocked): when they joined it, and its key. */
export interface ListedPersonRow extends PlainUserRow {
  seq: string;
  created_at: Date;
}

/** The same columns under their own names, for a row that is one person. */
export function plainUserColumns(alias: string): string {
  return `${alias}.id, ${alias}.username, ${alias}.nickname, ${alias}.avatar, ${alias}.state`;
}

/** The account joined as `alias` is deregistered: what it wrote is hidden from others. */
export function deregistered(alias: string): string {
  return `(${alias}.state = ${DEREGISTERED_STATE})`;
}

/** The person joined as `alias` is banned with their content hidden, while the ban lasts (migration 012). */
export function contentHiddenByBan(alias: string): string {
  return `(${alias}.ban_hides_content and ${alias}.banned_until > now())`;
}

/**
 * Subquery: the ids (`id`) of the organisation's people whose ban hides their content now, and for
 * whom `when` holds (an SQL condition over `alias`). They are few; an index keeps them (migration 012).
 */
export function peopleHiddenByBan(org: string, alias: string, when = 'true'): string {
  return `select ${alias}.id from users ${alias} where ${alias}.org_id = ${org} and ${contentHiddenByBan(alias)} and ${when}`;
}

export {
  type StaffUserRow,
  banUser,
  findPerson,
  peopleByPrefix,
  peopleNamed,
  type PersonRow,
  liveAvatar,
  lockPerson,
  searchStaffUsers,
  setRole,
  staffUsers,
  unbanUser,
  userExists,
} from './people-repo.ts';
