import type { Queryable } from '#server/db/client.ts';

export interface UserRow {
  id: string;
  org_id: string;
  username: string;
  nickname: string;
  avatar: string | null;
  state: number;
  role: 'user' | 'moderator' | 'admin';
}

export interface UserWithHash extends UserRow, BanColumns {
  password_hash: string;
}

/** A ban in force: `banned`, and its end (null for good). */
export interface BanColumns {
  banned: boolean;
  banned_until: Date | null;
  ban_hides_content: boolean;
}

const userColumns = 'u.id, u.org_id, u.username, u.nickname, u.avatar, u.state, u.role';
// 'infinity' (banned for good) is read as null, so no driver has to parse an infinite date.
export const banColumns = `coalesce(u.banned_until > now(), false) as banned,
  case when u.banned_until = 'infinity' then null else u.banned_until end as banned_until, u.ban_hides_content`;

export class AccountsRepo {
  constructor(readonly db: Queryable) {}

  async findByUsername(orgId: string, username: string): Promise<UserWithHash | undefined> {
    const [row] = await this.db.query<UserWithHash>(
      `select ${userColumns}, ${banColumns}, u.password_hash from users u where u.org_id = $1 and u.username_key = $2`,
      [orgId, username.toLowerCase()],
    );
    return row;
  }

  /** Answers undefined when the username is taken in the organisation. */
  async insertUser(user: { orgId: string; username: string; passwordHash: string; nickname: string; role?: UserRow['role'] }) {
    const [row] = await this.db.query<UserRow>(
      `insert into users (org_id, username, username_key, password_hash, nickname, role)
       values ($1, $2, $3, $4, $5, $6)
       on conflict (org_id, username_key) do nothing
       returning id, org_id, username, nickname, avatar, state, role`,
      [user.orgId, user.username, user.username.toLowerCase(), user.passwordHash, user.nickname, user.role ?? 'user'],
    );
    return row;
  }

  async insertSession(tokenHash: string, userId: string, orgId: string) {
    await this.db.query('insert into sessions (token_hash, user_id, org_id) values ($1, $2, $3)', [tokenHash, userId, orgId]);
  }

  /** The live session of a token: not revoked and used within the idle limit. */
  async findSession(tokenHash: string, idleDays: number) {
    const [row] = await this.db.query<UserRow & BanColumns & { session_org_id: string; stale: boolean }>(
      `select ${userColumns}, ${banColumns}, s.org_id as session_org_id, s.last_used_at < now() - interval '1 minute' as stale
       from sessions s join users u on u.id = s.user_id
       where s.token_hash = $1 and s.revoked_at is null and s.last_used_at > now() - make_interval(days => $2)`,
      [tokenHash, idleDays],
    );
    // Touch at most once a minute, so that reading pages does not become a write per request.
    if (row?.stale) await this.db.query('update sessions set last_used_at = now() where token_hash = $1', [tokenHash]);
    return row;
  }

  /** Forgets sessions that can never be used again: revoked, or idle past the limit. */
  async sweepSessions(idleDays: number) {
    await this.db.query(
      `delete from sessions where revoked_at < now() - interval '1 day' or last_used_at < now() - make_interval(days => $1 + 1)`,
      [idleDays],
    );
  }

  async revokeSession(tokenHash: string) {
    await this.db.query('update sessions set revoked_at = now() where token_hash = $1 and revoked_at is null', [tokenHash]);
  }

  /** State 10101, every session dead, profile emptied. The username stays reserved so nobody can pose as the old account. */
  async deregister(userId: string, state: number) {
    await this.db.query(
      `update users set state = $2, nickname = '', avatar = null, deregistered_at = now() where id = $1`,
      [userId, state],
    );
    await this.db.query('update sessions set revoked_at = now() where user_id = $1 and revoked_at is null', [userId]);
  }
}
