import type { Queryable } from '#server/db/client.ts';
import { Repo } from '#server/db/repo.ts';
import { named, placeholder } from '#server/db/sql.ts';
import type { QuestionParam, SessionQuestion } from '#server/http/context.ts';

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

/** How long a session lives: `idleDays` without use, and `maxDays` after its login however much it is used. */
export interface SessionLifetime {
  idleDays: number;
  maxDays: number;
}

/** The session `alias` can still be used (the lifetimes as SQL parameters); session_of (migration 024) says the same. */
const liveSession = (alias: string, idleDays: string, maxDays: string) =>
  `${alias}.revoked_at is null and ${alias}.last_used_at > now() - make_interval(days => ${idleDays})
   and ${alias}.created_at > now() - make_interval(days => ${maxDays})`;

const userColumns = 'u.id, u.org_id, u.username, u.nickname, u.avatar, u.state, u.role';
// 'infinity' (banned for good) is read as null, so no driver has to parse an infinite date.
export const banColumns = `coalesce(u.banned_until > now(), false) as banned,
  case when u.banned_until = 'infinity' then null else u.banned_until end as banned_until, u.ban_hides_content`;

/** Marks the person of the statement's `session` CTE active on today's date (UTC), once a day. */
const ACTIVE_TODAY = `insert into active_days (org_id, day, user_id)
  select org_id, (now() at time zone 'UTC')::date, user_id from session
  on conflict do nothing`;

export class AccountsRepo extends Repo {
  /**
   * `filterVersion`: the version of the person's own filters, asked with every session lookup
   * (`findSession`): app.ts hands safety's question, as accounts sits below the filters.
   */
  constructor(
    q: Queryable,
    private readonly filterVersion?: SessionQuestion,
  ) {
    super(q);
  }

  async findByUsername(orgId: string, username: string): Promise<UserWithHash | undefined> {
    const [row] = await this.q.query<UserWithHash>(
      `select ${userColumns}, ${banColumns}, u.password_hash from users u where u.org_id = $1 and u.username_key = $2`,
      [orgId, username.toLowerCase()],
    );
    return row;
  }

  /** Answers undefined when the username is taken in the organisation. */
  async insertUser(user: { orgId: string; username: string; passwordHash: string; nickname: string; role?: UserRow['role'] }) {
    const [row] = await this.q.query<UserRow>(
      `insert into users (org_id, username, username_key, password_hash, nickname, role)
       values ($1, $2, $3, $4, $5, $6)
       on conflict (org_id, username_key) do nothing
       returning id, org_id, username, nickname, avatar, state, role`,
      [user.orgId, user.username, user.username.toLowerCase(), user.passwordHash, user.nickname, user.role ?? 'user'],
    );
    return row;
  }

  async insertSession(
    tokenHash: string,
    userId: string,
    orgId: string,
    from: { device?: string | null; userAgent?: string | null; deviceKey?: string | null; network?: string | null } = {},
  ) {
    // A sign-in is a day's use too (active_days, migration 034).
    await this.q.query(
      `with session as (
         insert into sessions (token_hash, user_id, org_id, device, user_agent, device_key, network) values ($1, $2, $3, $4, $5, $6, $7)
         returning org_id, user_id)
       ${ACTIVE_TODAY}`,
      [
      tokenHash,
      userId,
      orgId,
      from.device ?? null,
      from.userAgent ?? null,
      from.deviceKey ?? null,
      from.network ?? null,
      ],
    );
  }

  /** The live session of a token: not revoked, used within the idle limit, and younger than the absolute one. */
  /**
   * The live session behind the hash, with its person. `ask` adds one column (`answer`) about the
   * person to the same statement (a route's question, http/context.ts `readerAsking`), so a read
   * that needs both costs one round trip.
   */
  async findSession(tokenHash: string, lifetime: SessionLifetime, ask?: SessionQuestion) {
    const values: unknown[] = [tokenHash, lifetime.idleDays, lifetime.maxDays];
    const param: QuestionParam = (value, type) => placeholder(values.push(value), type);
    const person = named('f.id', 'bigint');
    const answer = ask ? `, ${ask(person, param)} as answer` : '';
    const version = this.filterVersion ? `, ${this.filterVersion(person, param)} as filter_version` : '';
    // session_of (migration 024) is this module's lookup planned once per connection: planning it per
    // request cost four times its run.
    const [row] = await this.q.query<UserRow & BanColumns & { session_org_id: string; stale: boolean; answer?: unknown; filter_version?: string | null }>(
      `select f.*${answer}${version} from session_of($1, $2, $3) f`,
      values,
    );
    // Touch at most once a minute, so that reading pages does not become a write per request.
    // The touch also marks the person active today (active_days, migration 034): the insights' active people.
    if (row?.stale) {
      await this.q.query(
        `with session as (update sessions set last_used_at = now() where token_hash = $1 returning org_id, user_id)
         ${ACTIVE_TODAY}`,
        [tokenHash],
      );
    }
    return row;
  }

  /** Forgets sessions that can never be used again (revoked, idle past the limit, past their lifetime), and old networks. */
  async sweepSessions(lifetime: SessionLifetime) {
    await this.q.query(
      `delete from sessions where revoked_at < now() - interval '1 day' or last_used_at < now() - make_interval(days => $1 + 1)
         or created_at < now() - make_interval(days => $2 + 1)`,
      [lifetime.idleDays, lifetime.maxDays],
    );
    await this.q.query('delete from login_networks where last_login_at < now() - make_interval(days => $1)', [lifetime.maxDays]);
    await this.q.query('delete from login_devices where last_login_at < now() - make_interval(days => $1)', [lifetime.maxDays]);
  }

  /** The person's live sessions, the most recently used first. */
  async liveSessions(userId: string, lifetime: SessionLifetime) {
    return this.q.query<{
      id: string;
      token_hash: string;
      device: string | null;
      user_agent: string | null;
      network: string | null;
      first_seen_at: Date | null;
      created_at: Date;
      last_used_at: Date;
    }>(
      `select s.id::text as id, s.token_hash, s.device, s.user_agent, s.network, s.created_at, s.last_used_at,
         coalesce((select d.first_login_at from login_devices d where d.user_id = s.user_id and d.device_key = s.device_key),
           (select n.first_login_at from login_networks n where n.user_id = s.user_id and n.network = s.network)) as first_seen_at
       from sessions s
       where s.user_id = $1 and ${liveSession('s', '$2', '$3')} order by s.last_used_at desc, s.id desc`,
      [userId, lifetime.idleDays, lifetime.maxDays],
    );
  }

  /** Ends one of the person's sessions by its id; answers how many ended (0: none of theirs, or already ended). */
  async revokeSessionById(userId: string, id: string): Promise<number> {
    const rows = await this.q.query('update sessions set revoked_at = now() where user_id = $1 and id = $2 and revoked_at is null returning id', [userId, id]);
    return rows.length;
  }

  /** Ends every session of the person except the one asking; answers how many ended. */
  async revokeOtherSessions(userId: string, keepTokenHash: string): Promise<number> {
    const rows = await this.q.query(
      'update sessions set revoked_at = now() where user_id = $1 and token_hash <> $2 and revoked_at is null returning id',
      [userId, keepTokenHash],
    );
    return rows.length;
  }

  async passwordHashOf(userId: string): Promise<string | undefined> {
    const [row] = await this.q.query<{ password_hash: string }>('select password_hash from users where id = $1', [userId]);
    return row?.password_hash;
  }

  /** The new password and the end of every other session, in one statement: neither happens without the other. */
  async changePassword(userId: string, passwordHash: string, keepTokenHash: string): Promise<number> {
    const rows = await this.q.query(
      `with changed as (update users set password_hash = $2 where id = $1 returning id)
       update sessions set revoked_at = now() where user_id in (select id from changed) and token_hash <> $3 and revoked_at is null returning id`,
      [userId, passwordHash, keepTokenHash],
    );
    return rows.length;
  }

  /** The account logged in from this network within `days` (its own login limit, README.md "Login limits"). */
  async knowsNetwork(userId: string, network: string, days: number): Promise<boolean> {
    const rows = await this.q.query(
      'select 1 from login_networks where user_id = $1 and network = $2 and last_login_at > now() - make_interval(days => $3)',
      [userId, network, days],
    );
    return rows.length > 0;
  }

  /** Answers whether the network was new to the account (none kept: never, or not within the session lifetime). */
  async rememberNetwork(userId: string, network: string): Promise<boolean> {
    const [row] = await this.q.query<{ fresh: boolean }>(
      `insert into login_networks (user_id, network) values ($1, $2)
       on conflict (user_id, network) do update set last_login_at = now()
       returning (xmax = 0) as fresh`,
      [userId, network],
    );
    return row?.fresh ?? false;
  }

  async knowsDevice(userId: string, deviceKey: string, days: number): Promise<boolean> {
    const rows = await this.q.query(
      'select 1 from login_devices where user_id = $1 and device_key = $2 and last_login_at > now() - make_interval(days => $3)',
      [userId, deviceKey, days],
    );
    return rows.length > 0;
  }

  async hasDevices(userId: string): Promise<boolean> {
    return (await this.q.query('select 1 from login_devices where user_id = $1 limit 1', [userId])).length > 0;
  }

  /** Answers whether the device was new to the account. */
  async rememberDevice(userId: string, deviceKey: string): Promise<boolean> {
    const [row] = await this.q.query<{ fresh: boolean }>(
      `insert into login_devices (user_id, device_key) values ($1, $2)
       on conflict (user_id, device_key) do update set last_login_at = now()
       returning (xmax = 0) as fresh`,
      [userId, deviceKey],
    );
    return row?.fresh ?? false;
  }

  async revokeSession(tokenHash: string) {
    await this.q.query('update sessions set revoked_at = now() where token_hash = $1 and revoked_at is null', [tokenHash]);
  }

  /** State 10101, every session dead, profile emptied. The username stays reserved so nobody can pose as the old account. */
  async deregister(userId: string, state: number) {
    await this.q.query(
      `update users set state = $2, nickname = '', avatar = null, deregistered_at = now() where id = $1`,
      [userId, state],
    );
    await this.q.query('update sessions set revoked_at = now() where user_id = $1 and revoked_at is null', [userId]);
  }
}
