import type { Config } from '#server/config.ts';
import { AppError, fail } from '#server/lib/errors.ts';
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
 *
 * A device the account logged in from (the host's own id for it, sent at login) is known as a
 * network is: its own count, so the owner on their usual phone gets in from a new network, or from
 * inside a network a guesser shares. A refusal says in how many minutes to try again.
 */
export class LoginLimits {
  constructor(
    private readonly limiter: RateLimiter,
    private readonly repo: AccountsRepo,
    private readonly config: Pick<Config, 'limits' | 'sessionMaxDays'>,
  ) {}

  /**
   * Counts one attempt on the account (`userId` when it exists) from `ip` and the device `deviceKey`
   * (hashed, when the host sent its id); refuses with 429 when a limit is full.
   */
  async reserve(orgId: string, username: string, userId: string | undefined, ip: string, deviceKey: string | null): Promise<Reservation[]> {
    const perIp = await limited(this.limiter.reserve({ key: `login:ip:${ip}`, max: this.config.limits.loginPerIp, windowSeconds: LOGIN_WINDOW_SECONDS }));
    try {
      const network = networkOf(ip);
      const days = this.config.sessionMaxDays;
      const knownDevice = userId !== undefined && deviceKey !== null && (await this.repo.knowsDevice(userId, deviceKey, days));
      const knownNetwork = !knownDevice && userId !== undefined && (await this.repo.knowsNetwork(userId, network, days));
      const account = `login:account:${orgId}:${username.toLowerCase()}`;
      const perAccount = await limited(
        this.limiter.reserve({
          key: knownDevice ? `${account}:device:${deviceKey}` : knownNetwork ? `${account}:from:${network}` : account,
          max: this.config.limits.loginPerAccount,
          windowSeconds: LOGIN_WINDOW_SECONDS,
        }),
      );
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

  /**
   * A login or registration from `ip` (and the device `deviceKey`) succeeded: its network and device
   * are now the account's own. Answers whether either was new to the account. A device is new only
   * to an account that already had one: an account whose host never sent an id (or from before
   * ids were sent) meets its first one on a device it has long used.
   */
  async remember(userId: string, ip: string, deviceKey: string | null): Promise<{ newNetwork: boolean; newDevice: boolean }> {
    const newNetwork = await this.repo.rememberNetwork(userId, networkOf(ip));
    if (deviceKey === null) return { newNetwork, newDevice: false };
    const hadDevices = await this.repo.hasDevices(userId);
    const fresh = await this.repo.rememberDevice(userId, deviceKey);
    return { newNetwork, newDevice: fresh && hadDevices };
  }
}

/** The limiter's refusal, as the login's own: its message says when to try again. */
async function limited(reservation: Promise<Reservation>): Promise<Reservation> {
  try {
    return await reservation;
  } catch (error) {
    if (error instanceof AppError && error.key === 'rate_limited') throw fail('login_limited', { data: error.data, headers: error.headers });
    throw error;
  }
}
