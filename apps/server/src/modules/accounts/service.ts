import { DEREGISTERED_STATE, type Me, type PasswordChange, type RegisterInput, type Credentials, type SessionInfo, limits } from '@padhub/contracts';
import { type TextScreen, refuseBlockedOrCensored } from '#server/lib/watched-words/screen.ts';
import type { Config } from '#server/config.ts';
import type { Queryable } from '#server/db/client.ts';
import type { SessionQuestion } from '#server/http/context.ts';
import type { SessionUser } from '#server/http/session.ts';
import { fail } from '#server/lib/errors.ts';
import type { RateLimiter } from '#server/lib/rate-limit.ts';
import { decoyHash, hashPassword, verifyPassword } from './passwords.ts';
import type { MediaLifecycle } from '#server/modules/media-lifecycle/public.ts';
import { revokeUploadCredentials } from '#server/modules/uploads/public.ts';
import { deviceLabel, storableUserAgent } from './devices.ts';
import { LoginLimits } from './login-limits.ts';
import type { AccountsRepo, SessionLifetime, UserRow } from './repo.ts';
import { networkOf } from './networks.ts';
import { banOf, publicUser } from './public.ts';
import { hashToken, newToken } from './tokens.ts';

/** The host's id of the device, as kept: hashed, so the table does not hold what a host sends. */
const deviceKeyOf = (deviceId: string | undefined): string | null => (deviceId ? hashToken(`device:${deviceId}`) : null);

/** Where a login comes from: the address counted by the limits, and what the device says of itself. */
export interface LoginOrigin {
  ip: string;
  userAgent: string | undefined;
}

/** A sign-in from a device or network the account had not used, for its owner to be told of (app.ts hands in the notifier). */
export interface NewSignIn {
  orgId: string;
  userId: string;
  /** What the device is called: its chosen name, else what its User-Agent names; then the network. */
  label: string;
}

function toMe(row: UserRow): Me {
  return { ...publicUser(row), role: row.role, organisationId: row.org_id };
}


/**
 * What else a deregistration asks for in its own transaction (app.ts hands in the purge's job,
 * docs/privacy.md, "Deletion"). `ready` runs before the transaction opens (the job queue must have
 * started: PGlite runs one transaction at a time).
 */
export interface AfterDeregistration {
  ready(): Promise<void>;
  ask(q: Queryable, orgId: string, userId: string): Promise<void>;
}

export class AccountsService {
  private readonly repo: AccountsRepo;
  private readonly loginLimits: LoginLimits;
  private readonly lifetime: SessionLifetime;

  constructor(
    private readonly db: Queryable,
    repos: { accounts: AccountsRepo },
    private readonly limiter: RateLimiter,
    private readonly config: Pick<Config, 'limits' | 'sessionMaxDays'>,
    private readonly lifecycle: MediaLifecycle,
    private readonly watched: TextScreen,
    private readonly onNewSignIn: (signIn: NewSignIn) => Promise<void> = async () => undefined,
    private readonly afterDeregistration?: AfterDeregistration,
  ) {
    this.repo = repos.accounts;
    this.loginLimits = new LoginLimits(limiter, this.repo, config);
    this.lifetime = { idleDays: limits.tokenIdleDays, maxDays: config.sessionMaxDays };
  }

  async register(orgId: string, input: RegisterInput, origin: LoginOrigin) {
    await this.limiter.hit({ key: `register:ip:${origin.ip}`, max: this.config.limits.registerPerIp, windowSeconds: 3600 });
    // A username (and the nickname shown for it) is checked against the organisation's watched words as a post is.
    for (const name of new Set([input.username, input.nickname ?? input.username])) refuseBlockedOrCensored(await this.watched.screen(orgId, name));
    const user = await this.repo.insertUser({
      orgId,
      username: input.username,
      passwordHash: await hashPassword(input.password),
      nickname: input.nickname ?? input.username,
    });
    if (!user) throw fail('username_taken');
    const deviceKey = deviceKeyOf(input.deviceId);
    await this.loginLimits.remember(user.id, origin.ip, deviceKey);
    return (await this.startSession(user, input.device, deviceKey, origin)).answer;
  }

  /**
   * The attempt is counted before the password is verified (LoginLimits): a burst of guesses
   * verifies no more passwords than the limits allow, and guesses from elsewhere never lock the
   * owner out of the networks they log in from.
   */
  async login(orgId: string, input: Credentials, origin: LoginOrigin) {
    const user = await this.repo.findByUsername(orgId, input.username);
    const deviceKey = deviceKeyOf(input.deviceId);
    const reserved = await this.loginLimits.reserve(orgId, input.username, user?.id, origin.ip, deviceKey);
    // Verify even when the account is missing, so timing does not tell which usernames exist.
    const valid = await verifyPassword(input.password, user?.password_hash ?? decoyHash);
    if (!user || !valid) throw fail('credentials_wrong');
    await this.loginLimits.giveBack(reserved);
    if (user.state === DEREGISTERED_STATE) throw fail('account_deregistered', { data: { state: user.state } });
    const ban = banOf(user);
    if (ban) throw fail('account_banned', { data: ban });
    const { newNetwork, newDevice } = await this.loginLimits.remember(user.id, origin.ip, deviceKey);
    const session = await this.startSession(user, input.device, deviceKey, origin);
    // New to the account: a network it never logged in from, or a device its host named and it never used.
    if (newNetwork || newDevice) {
      const label = [deviceLabel(input.device ?? null, session.userAgent), networkOf(origin.ip)].filter(Boolean).join(' · ');
      await this.onNewSignIn({ orgId, userId: user.id, label });
    }
    return session.answer;
  }

  private async startSession(user: UserRow, device: string | undefined, deviceKey: string | null, origin: LoginOrigin) {
    const token = newToken();
    const userAgent = storableUserAgent(origin.userAgent);
    await this.repo.insertSession(hashToken(token), user.id, user.org_id, { device: device ?? null, userAgent, deviceKey, network: networkOf(origin.ip) });
    return { userAgent, answer: { token, user: toMe(user) } };
  }

  /** The account behind a token sent with an organisation; null when the token is not a live session there. */
  async resolve(token: string, orgId: string, ask?: SessionQuestion): Promise<SessionUser | null> {
    const tokenHash = hashToken(token);
    const row = await this.repo.findSession(tokenHash, this.lifetime, ask);
    if (!row || row.session_org_id !== orgId || row.state === DEREGISTERED_STATE) return null;
    const filterVersion = row.filter_version === undefined ? {} : { filterVersion: row.filter_version };
    return { ...toMe(row), tokenHash, ban: banOf(row), ...(ask ? { answer: row.answer } : {}), ...filterVersion };
  }

  /** Housekeeping (hourly): dead sessions leave the table. */
  sweep() {
    return this.repo.sweepSessions(this.lifetime);
  }

  async logout(user: SessionUser) {
    await this.repo.revokeSession(user.tokenHash);
    await revokeUploadCredentials(this.db, user.id);
  }

  /** The person's live sessions, the one asking marked. */
  async sessions(user: SessionUser): Promise<SessionInfo[]> {
    const rows = await this.repo.liveSessions(user.id, this.lifetime);
    return rows.map((row) => ({
      id: row.id,
      device: deviceLabel(row.device, row.user_agent),
      platform: deviceLabel(null, row.user_agent),
      network: row.network,
      firstSeenAt: row.first_seen_at ? new Date(row.first_seen_at).toISOString() : null,
      createdAt: new Date(row.created_at).toISOString(),
      lastUsedAt: new Date(row.last_used_at).toISOString(),
      current: row.token_hash === user.tokenHash,
    }));
  }

  /** Ends one of the person's own sessions (the current one too: that is logging out). */
  async revokeSession(user: SessionUser, id: string) {
    if ((await this.repo.revokeSessionById(user.id, id)) === 0) throw fail('not_found');
    // Upload credentials are per person, not per session: a device still signed in asks again.
    await revokeUploadCredentials(this.db, user.id);
  }

  /** "Log out everywhere else": every session but the one asking ends. */
  async revokeOtherSessions(user: SessionUser) {
    const revoked = await this.repo.revokeOtherSessions(user.id, user.tokenHash);
    await revokeUploadCredentials(this.db, user.id);
    return { revoked };
  }

  /**
   * A new password for the signed-in person, given the current one; every other session ends, so a
   * stolen token dies with the old password. Guessing the current password through a stolen token
   * counts against the account's login limit like any other guess.
   */
  async changePassword(user: SessionUser, input: PasswordChange) {
    const reserved = await this.limiter.reserve({ key: `password:account:${user.id}`, max: this.config.limits.loginPerAccount, windowSeconds: 15 * 60 });
    const current = await this.repo.passwordHashOf(user.id);
    if (!current || !(await verifyPassword(input.currentPassword, current))) throw fail('password_wrong');
    await this.limiter.release(reserved);
    const revoked = await this.repo.changePassword(user.id, await hashPassword(input.newPassword), user.tokenHash);
    await revokeUploadCredentials(this.db, user.id);
    return { revoked };
  }

  /**
   * With the account go its uploads: every object under its prefix is deleted (but what goods still
   * show). The rest of the person's rows go with the purge it asks for (docs/privacy.md, "Deletion").
   */
  async deregister(user: SessionUser) {
    await this.afterDeregistration?.ready();
    await this.lifecycle.removing(async (q, queue) => {
      await this.repo.on(q).deregister(user.id, DEREGISTERED_STATE);
      await revokeUploadCredentials(q, user.id);
      await queue.account(user.organisationId, user.id);
      await this.afterDeregistration?.ask(q, user.organisationId, user.id);
    });
  }
}
