import type { Config } from '#server/config.ts';
import { type RateLimiter, type Reservation } from '#server/lib/rate-limit.ts';
import type { AccountsRepo } from './repo.ts';
import { networkOf } from './networks.ts';

const LOGIN_WINDOW_SECONDS = 15 * 60;

/**
 * How many passwords may be tried (README.md, "Login limits"). Each attempt is counted before its
 * password is verified, in one statement per counter (RateLimiter.reserve), so a burst of any size
 * on any number of processes verifies at most the limit; the right password gives its count back.
 *
 * - per address: `loginPerIp` attempts on any accounts;
 * - per account, from each network it logged in from before (within the session lifetime):
 *   `loginPerAccount` attempts, its own count, so that guesses from elsewhere never use up the
 *   owner's attempts at home;
 * - per account, from every other network together: `loginPerAccount` attempts, so guessing from
 *   any number of addresses is as slow as one guesser was before.
 */
export class LoginLimits {
  constructor(
    private readonly limiter: RateLimiter,
    private readonly repo: AccountsRepo,
    private readonly config: Pick<Config, 'limits' | 'sessionMaxDays'>,
  ) {}

  /** Counts one attempt on the account (`userId` when it exists) from `ip`; refuses with 429 when a limit is full. */
  async reserve(orgId: string, username: string, userId: string | undefined, ip: string): Promise<Reservation[]> {
    const perIp = await this.limiter.reserve({ key: `login:ip:${ip}`, max: this.config.limits.loginPerIp, windowSeconds: LOGIN_WINDOW_SECONDS });
    try {
      const network = networkOf(ip);
      const known = userId !== undefined && (await this.repo.knowsNetwork(userId, network, this.config.sessionMaxDays));
      const account = `login:account:${orgId}:${username.toLowerCase()}`;
      const perAccount = await this.limiter.reserve({
        key: known ? `${account}:from:${network}` : account,
        max: this.config.limits.loginPerAccount,
        windowSeconds: LOGIN_WINDOW_SECONDS,
      });
      return [perIp, perAccount];
    } catch (error) {
      // Refused before any password was verified: the address's count goes back.
      await this.limiter.release(perIp);
      throw error;
    }
  }

  /** The password was right: its attempt does not count against anyone. */
  async giveBack(reservations: Reservation[]): Promise<void> {
    for (const reservation of reservations) await this.limiter.release(reservation);
  }

  /** A login or registration from `ip` succeeded: its network is now one of the account's own. */
  remember(userId: string, ip: string): Promise<void> {
    return this.repo.rememberNetwork(userId, networkOf(ip));
  }
}
