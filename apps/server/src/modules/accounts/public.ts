import { type Ban, DEREGISTERED_STATE } from '@padhub/contracts';
import { type Clause, type Condition, type Expr, type Row, clause, col, columns, integer, sql } from '#server/db/sql.ts';
import type { BanColumns } from './repo.ts';

/**
 * What other modules may use of accounts besides its service (docs/architecture.md, "Server").
 * Accounts owns `users` and `sessions`. Another module's query that must show or filter by a
 * person in the same statement (an author beside each post of a page) joins `users` through these
 * fragments; a change to a person (a role, a ban) goes through the functions below, which take
 * the caller's transaction.
 */

/** `join users <user> on <user>.id = <id>` (or a left join): the person behind an id. */
export function joinUser(user: Row<'users'>, id: Expr<'bigint'>, how: 'join' | 'left join' = 'join'): Clause<'join'> {
  return how === 'join' ? clause`join users ${user} on ${col(user, 'id')} = ${id}` : clause`left join users ${user} on ${col(user, 'id')} = ${id}`;
}

/** What others see of a person: the columns of `userColumns` and `plainUserColumns`. */
const publicFields = ['id', 'username', 'nickname', 'avatar', 'state'] as const;

/** The public columns of the person joined as `user` (id, username, nickname, avatar, state), each as `<prefix>_<column>`. */
export function userColumns(user: Row<'users'>, prefix: 'author' | 'reply_to_author' | 'origin_author'): Clause<'columns'> {
  return columns(publicFields.map((field) => [col(user, field), `${prefix}_${field}`] as const));
}

/** A row of `plainUserColumns`: a person as others see them (`publicUser`). */
export interface PlainUserRow {
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

/** Others see a deregistered account with its profile emptied, the username included. */
export function publicUser(row: PlainUserRow): PlainUserRow {
  const gone = row.state === DEREGISTERED_STATE;
  return {
    id: row.id,
    username: gone ? '' : row.username,
    nickname: gone ? '' : row.nickname,
    avatar: gone ? null : row.avatar,
    state: row.state,
  };
}

/** The ban in force of a person's row, as the API shows it; null: not banned. */
export function banOf(row: BanColumns): Ban | null {
  if (!row.banned) return null;
  return { until: row.banned_until ? new Date(row.banned_until).toISOString() : null, hidesContent: row.ban_hides_content };
}

/** The same columns under their own names, for a row that is one person (a `PlainUserRow`). */
export function plainUserColumns(user: Row<'users'>): Clause<'columns'> {
  return columns(publicFields.map((field) => col(user, field)));
}

/** The account joined as `user` is deregistered: what it wrote is hidden from others. */
export function deregistered(user: Row<'users'>): Condition {
  return sql`(${col(user, 'state')} = ${integer(DEREGISTERED_STATE)})`;
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
  setAvatar,
  setNickname,
  setRole,
  staffAmong,
  staffUsers,
  unbanUser,
  userExists,
} from './people-repo.ts';
export { type AccountData, accountData, forgetAccount, isDeregistered } from './personal-data.ts';
