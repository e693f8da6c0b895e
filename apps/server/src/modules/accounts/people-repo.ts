import { DEREGISTERED_STATE, type Role } from '@padhub/contracts';
import type { Queryable } from '#server/db/client.ts';
import { aliasOf, type Condition, type Expr, placeholder, type Row } from '#server/db/sql.ts';
import { type BanColumns, banColumns } from './repo.ts';

/**
 * The reads and writes of people that other modules ask accounts for (through public.ts): the
 * moderation console's people, roles and bans, and whether a person exists. Each runs on what it
 * is given, so a caller's audit line and the change commit together.
 */

export interface StaffUserRow extends BanColumns {
  id: string;
  username: string;
  nickname: string;
  avatar: string | null;
  state: number;
  role: Role;
}

const staffColumns = `u.id, u.username, u.nickname, u.avatar, u.state, u.role, ${banColumns}`;
const ids = (list: string[]) => `{${list.join(',')}}`;

export async function userExists(q: Queryable, orgId: string, userId: string): Promise<boolean> {
  const rows = await q.query('select 1 from users where id = $1 and org_id = $2', [userId, orgId]);
  return rows.length > 0;
}

/** The people of the organisation among `userIds`, as the console shows them. */
export function staffUsers(q: Queryable, orgId: string, userIds: string[]): Promise<StaffUserRow[]> {
  if (userIds.length === 0) return Promise.resolve([]);
  return q.query<StaffUserRow>(`select ${staffColumns} from users u where u.org_id = $1 and u.id = any($2::bigint[])`, [
    orgId,
    ids([...new Set(userIds)]),
  ]);
}

/**
 * People by the start of their username or nickname; without words, the staff and the people
 * banned now, so both lists a console needs are one call away.
 */
export function searchStaffUsers(q: Queryable, orgId: string, prefix: string | undefined, after: string | undefined, limit: number): Promise<StaffUserRow[]> {
  const pattern = prefix === undefined ? null : `${prefix.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return q.query<StaffUserRow>(
    `select ${staffColumns} from users u
     where u.org_id = $1 and ($3::bigint is null or u.id > $3::bigint)
       and case when $2::text is null then u.role <> 'user' or u.banned_until > now()
           else u.username_key like $2::text or lower(u.nickname) like $2::text end
     order by u.id limit $4`,
    [orgId, pattern, after ?? null, limit + 1],
  );
}

/** Locks the person's row for the rest of the transaction (a role or ban is about to change). */
export async function lockPerson(q: Queryable, orgId: string, userId: string): Promise<{ id: string; role: Role } | undefined> {
  const [row] = await q.query<{ id: string; role: Role }>('select id, role from users where id = $1 and org_id = $2 for update', [userId, orgId]);
  return row;
}

/** Of `ids`, the organisation's moderators and admins now (a stream opened by staff keeps hearing staff's counts only while they are). */
export async function staffAmong(q: Queryable, orgId: string, ids: string[]): Promise<Set<string>> {
  const rows = await q.query<{ id: string }>(`select id::text as id from users where org_id = $1 and id = any($2::bigint[]) and role in ('moderator', 'admin')`, [orgId, ids]);
  return new Set(rows.map((r) => r.id));
}

/**
 * Bans for `days`, or for good (null), hiding the person's content meanwhile when asked
 * (community/visibility.ts reads it through `contentHiddenByBan`); answers the end (null for good).
 */
export async function banUser(q: Queryable, userId: string, days: number | null, hideContent: boolean): Promise<string | null> {
  const [row] = await q.query<{ until: Date | null }>(
    `update users set banned_until = case when $2::int is null then 'infinity'::timestamptz else now() + make_interval(days => $2::int) end,
       ban_hides_content = $3
     where id = $1 returning case when banned_until = 'infinity' then null else banned_until end as until`,
    [userId, days, hideContent],
  );
  return row?.until ? new Date(row.until).toISOString() : null;
}

export async function unbanUser(q: Queryable, userId: string): Promise<void> {
  await q.query('update users set banned_until = null, ban_hides_content = false where id = $1', [userId]);
}

export async function setRole(q: Queryable, userId: string, role: 'user' | 'moderator'): Promise<void> {
  await q.query('update users set role = $2 where id = $1', [userId, role]);
}

/** The person's own uploaded avatar (not a link elsewhere), while the account is not deregistered. */
export async function liveAvatar(q: Queryable, orgId: string, userId: string): Promise<string | null> {
  const [user] = await q.query<{ avatar: string | null }>('select avatar from users where id = $1::bigint and org_id = $2 and state <> $3', [
    userId,
    orgId,
    DEREGISTERED_STATE,
  ]);
  return user?.avatar ?? null;
}

export interface PersonRow {
  id: string;
  username: string;
  nickname: string;
  avatar: string | null;
  state: number;
  created_at: Date;
}

/** A person's new nickname (the people module's profile editing: PATCH /api/me). */
export async function setNickname(q: Queryable, userId: string, nickname: string): Promise<void> {
  await q.query('update users set nickname = $2 where id = $1', [userId, nickname]);
}

/**
 * A person's new avatar (the key of its shown rendition); answers the one it replaces. The row is
 * locked so two saves at once each replace what the other left, and the old one is never missed.
 */
export async function setAvatar(q: Queryable, userId: string, avatar: string | null): Promise<string | null> {
  const [before] = await q.query<{ avatar: string | null }>('select avatar from users where id = $1 for update', [userId]);
  await q.query('update users set avatar = $2 where id = $1', [userId, avatar]);
  return before?.avatar ?? null;
}

/** A person of the organisation as a profile shows them (deregistered ones too: they say so). */
export async function findPerson(q: Queryable, orgId: string, userId: string): Promise<PersonRow | undefined> {
  const [row] = await q.query<PersonRow>('select id, username, nickname, avatar, state, created_at from users where id = $1 and org_id = $2', [userId, orgId]);
  return row;
}

/**
 * Up to `limit` people of the organisation whose username or nickname starts with `prefix`, not
 * deregistered, and not anyone `hidden` leaves out: a condition of the caller's on
 * `users` with the asker's id as `$4` (safety's lists, `people/service.ts`).
 */
export function peopleByPrefix(
  q: Queryable,
  orgId: string,
  prefix: string,
  limit: number,
  asker: { id: string; hidden: (person: Row<'users'>, asker: Expr<'bigint'>) => Condition },
): Promise<PersonRow[]> {
  const pattern = `${prefix.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return q.query<PersonRow>(
    `select id, username, nickname, avatar, state, created_at from users
     where org_id = $1 and state <> ${DEREGISTERED_STATE} and (username_key like $2 or lower(nickname) like $2)
       and not ${asker.hidden(aliasOf('users', 'users'), placeholder(4, 'bigint'))}
     order by username_key limit $3`,
    [orgId, pattern, limit, asker.id],
  );
}

/** Of these usernames, the people of the organisation who have them (not deregistered). */
export function peopleNamed(q: Queryable, orgId: string, usernames: string[]): Promise<{ id: string }[]> {
  if (usernames.length === 0) return Promise.resolve([]);
  return q.query<{ id: string }>(
    `select id from users where org_id = $1 and state <> ${DEREGISTERED_STATE} and username_key = any($2::text[])`,
    [orgId, usernames.map((u) => u.toLowerCase())],
  );
}
