import type { Queryable } from '#server/db/client.ts';

/** The account as its archive holds it (docs/privacy.md, "What the archive holds"). */
export interface AccountData {
  profile: { username: string; nickname: string; avatar: string | null; role: string; createdAt: string };
  sessions: { device: string | null; userAgent: string | null; network: string | null; createdAt: string; lastUsedAt: string; ended: boolean }[];
}

export async function accountData(q: Queryable, userId: string): Promise<AccountData | null> {
  const [user] = await q.query<{ username: string; nickname: string; avatar: string | null; role: string; created_at: Date }>(
    'select username, nickname, avatar, role, created_at from users where id = $1',
    [userId],
  );
  if (!user) return null;
  const sessions = await q.query<{ device: string | null; user_agent: string | null; network: string | null; created_at: Date; last_used_at: Date; revoked_at: Date | null }>(
    'select device, user_agent, network, created_at, last_used_at, revoked_at from sessions where user_id = $1 order by created_at desc',
    [userId],
  );
  return {
    profile: { username: user.username, nickname: user.nickname, avatar: user.avatar, role: user.role, createdAt: user.created_at.toISOString() },
    sessions: sessions.map((s) => ({
      device: s.device,
      userAgent: s.user_agent,
      network: s.network,
      createdAt: s.created_at.toISOString(),
      lastUsedAt: s.last_used_at.toISOString(),
      ended: s.revoked_at !== null,
    })),
  };
}

/**
 * The purge of a deregistered account (docs/privacy.md, "Deletion"): its sessions, networks,
 * devices and days of use (the insights' kept figures are counts, and stay) go; the row stays as the anonymous author others' threads point at, its username
 * reserved (so nobody poses as the old account) and its password gone. Answers the rows removed.
 */
export async function forgetAccount(q: Queryable, userId: string): Promise<number> {
  let removed = 0;
  for (const table of ['sessions', 'login_networks', 'login_devices', 'active_days']) {
    const rows = await q.query(`delete from ${table} where user_id = $1 returning 1`, [userId]);
    removed += rows.length;
  }
  await q.query(`update users set password_hash = '', nickname = '', avatar = null where id = $1`, [userId]);
  return removed;
}

/** Whether the account is deregistered (the purge runs only then: a person may never come back, but a bug must not purge the living). */
export async function isDeregistered(q: Queryable, userId: string, state: number): Promise<boolean> {
  const [row] = await q.query<{ gone: boolean }>('select state = $2 as gone from users where id = $1', [userId, state]);
  return row?.gone ?? false;
}
