import { type Ban, DEREGISTERED_STATE, type Me, type RegisterInput, type Credentials, limits } from '@padhub/contracts';
import type { Config } from '#server/config.ts';
import { fail } from '#server/http/errors.ts';
import type { RateLimiter } from '#server/lib/rate-limit.ts';
import { decoyHash, hashPassword, verifyPassword } from './passwords.ts';
import type { MediaLifecycle } from '#server/modules/media-lifecycle/service.ts';
import { revokeUploadCredentials } from '#server/modules/uploads/public.ts';
import { AccountsRepo, type BanColumns, type UserRow } from './repo.ts';
import { hashToken, newToken } from './tokens.ts';

export interface SessionUser extends Me {
  tokenHash: string;
  /** A ban in force (until null: for good). A banned person may read what anyone may, and change nothing. */
  ban: Ban | null;
}

const LOGIN_WINDOW_SECONDS = 15 * 60;

/** Others see a deregistered account with its profile emptied, the username included. */
export function publicUser(row: Pick<UserRow, 'id' | 'username' | 'nickname' | 'avatar' | 'state'>) {
  const gone = row.state === DEREGISTERED_STATE;
  return {
    id: row.id,
    username: gone ? '' : row.username,
    nickname: gone ? '' : row.nickname,
    avatar: gone ? null : row.avatar,
    state: row.state,
  };
}

function toMe(row: UserRow): Me {
  return { ...publicUser(row), role: row.role, organisationId: row.org_id };
}

export function banOf(row: BanColumns): Ban | null {
  if (!row.banned) return null;
  return { until: row.banned_until ? new Date(row.banned_until).toISOString() : null, hidesContent: row.ban_hides_content };
}

export class AccountsService {
  constructor(
    private readonly repo: AccountsRepo,
    private readonly limiter: RateLimiter,
    private readonly config: Pick<Config, 'limits'>,
    private readonly lifecycle: MediaLifecycle,
  ) {}

  async register(orgId: string, input: RegisterInput, ip: string) {
    await this.limiter.hit({ key: `register:ip:${ip}`, max: this.config.limits.registerPerIp, windowSeconds: 3600 });
    const user = await this.repo.insertUser({
      orgId,
      username: input.username,
      passwordHash: await hashPassword(input.password),
      nickname: input.nickname ?? input.username,
    });
    if (!user) throw fail('username_taken');
    return this.startSession(user);
  }

  /**
   * Both limits count failed attempts only: a person who types the right password is never locked
   * out by someone else guessing, yet guessing stops after a few tries per account and per address.
   */
  async login(orgId: string, input: Credentials, ip: string) {
    const perIp = { key: `login:ip:${ip}`, max: this.config.limits.loginPerIp, windowSeconds: LOGIN_WINDOW_SECONDS };
    const perAccount = {
      key: `login:account:${orgId}:${input.username.toLowerCase()}`,
      max: this.config.limits.loginPerAccount,
      windowSeconds: LOGIN_WINDOW_SECONDS,
    };
    await this.limiter.check(perIp);
    await this.limiter.check(perAccount);
    const user = await this.repo.findByUsername(orgId, input.username);
    // Verify even when the account is missing, so timing does not tell which usernames exist.
    const valid = await verifyPassword(input.password, user?.password_hash ?? decoyHash);
    if (!user || !valid) {
      await this.limiter.hit(perIp);
      await this.limiter.hit(perAccount);
      throw fail('credentials_wrong');
    }
    if (user.state === DEREGISTERED_STATE) throw fail('account_deregistered', { data: { state: user.state } });
    const ban = banOf(user);
    if (ban) throw fail('account_banned', { data: ban });
    return this.startSession(user);
  }

  private async startSession(user: UserRow) {
    const token = newToken();
    await this.repo.insertSession(hashToken(token), user.id, user.org_id);
    return { token, user: toMe(user) };
  }

  /** The account behind a token sent with an organisation; null when the token is not a live session there. */
  async resolve(token: string, orgId: string): Promise<SessionUser | null> {
    const tokenHash = hashToken(token);
    const row = await this.repo.findSession(tokenHash, limits.tokenIdleDays);
    if (!row || row.session_org_id !== orgId || row.state === DEREGISTERED_STATE) return null;
    return { ...toMe(row), tokenHash, ban: banOf(row) };
  }

  /** Housekeeping (hourly): dead sessions leave the table. */
  sweep() {
    return this.repo.sweepSessions(limits.tokenIdleDays);
  }

  async logout(user: SessionUser) {
    await this.repo.revokeSession(user.tokenHash);
    await revokeUploadCredentials(this.repo.db, user.id);
  }

  /** With the account go its uploads: every object under its prefix is deleted (but what goods still show). */
  async deregister(user: SessionUser) {
    await this.lifecycle.removing(async (q, queue) => {
      await new AccountsRepo(q).deregister(user.id, DEREGISTERED_STATE);
      await revokeUploadCredentials(q, user.id);
      await queue.account(user.organisationId, user.id);
    });
  }
}
