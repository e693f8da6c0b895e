import { beforeEach, describe, expect, it } from 'vitest';
import { errorCatalogue } from '@padhub/contracts';
import { buildTestApp, data, ORG, type TestApp, awayFromWindowEdge } from '#server-test/helper.ts';
import { networkOf } from './networks.ts';

const PASSWORD = 'correct horse battery';
const LIMIT = 10;

const app = await buildTestApp({ LOGIN_LIMIT_PER_ACCOUNT: String(LIMIT), LOGIN_LIMIT_PER_IP: '1000', REGISTER_LIMIT_PER_IP: '1000' });

// The login limits count in 15-minute windows of the clock: a test that fills one must not straddle two.
beforeEach(() => awayFromWindowEdge(15 * 60));

const login = (on: TestApp, username: string, password: string, ip: string) =>
  on.inject({ method: 'POST', url: '/api/auth/login', headers: { accorgid: ORG }, payload: { username, password }, remoteAddress: ip });

/** An account registered from `home` (its network becomes one of its own). */
async function owner(on: TestApp, home: string) {
  const username = `owner${Math.floor(Math.random() * 1e9)}`;
  data(await on.inject({ method: 'POST', url: '/api/auth/register', headers: { accorgid: ORG }, payload: { username, password: PASSWORD }, remoteAddress: home }));
  return username;
}

/** Fires every guess at once; the right password is the one at `rightAt`. Answers the HTTP statuses in order. */
async function burst(on: TestApp, username: string, count: number, rightAt: number, ip: (i: number) => string) {
  const answers = await Promise.all(Array.from({ length: count }, (_, i) => login(on, username, i === rightAt ? PASSWORD : `wrong guess ${i}`, ip(i))));
  return answers.map((res) => res.statusCode);
}

/** Passwords verified: every answer but the limit's refusal. */
const verified = (statuses: number[]) => statuses.filter((status) => status !== 429).length;

describe('a burst of parallel guesses', () => {
  it('verifies no more passwords than the account limit: the right one, 38th of 40, is refused', async () => {
    const username = await owner(app, '198.51.100.7');
    const statuses = await burst(app, username, 40, 37, () => '203.0.113.5');
    expect(verified(statuses)).toBeLessThanOrEqual(LIMIT);
    expect(statuses[37]).toBe(429);
    expect(statuses.filter((s) => s === 200)).toEqual([]);
  });

  it('verifies no more than the address limit over many accounts', async () => {
    const perIp = await buildTestApp({ LOGIN_LIMIT_PER_IP: '5', LOGIN_LIMIT_PER_ACCOUNT: '1000', REGISTER_LIMIT_PER_IP: '1000' });
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => login(perIp, `nobody-${i}`, 'wrong password', '192.0.2.50')));
    const statuses = answers.map((res) => res.statusCode);
    expect(verified(statuses)).toBe(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(15);
  });

  it('from many networks at once verifies no more than the account limit altogether', async () => {
    const username = await owner(app, '198.51.100.7');
    const statuses = await burst(app, username, 30, 29, (i) => `10.${i}.0.1`);
    expect(verified(statuses)).toBeLessThanOrEqual(LIMIT);
    expect(statuses[29]).toBe(429);
  });
});

describe('guesses from elsewhere', () => {
  it('do not lock the owner out of the network they log in from', async () => {
    const username = await owner(app, '198.51.100.7');
    for (let i = 0; i < LIMIT; i++) expect((await login(app, username, `wrong guess ${i}`, '203.0.113.66')).statusCode).toBe(401);
    expect((await login(app, username, PASSWORD, '203.0.113.66')).statusCode).toBe(429);
    // The same /24 as where they registered: a phone's or a household's changing address.
    expect(data(await login(app, username, PASSWORD, '198.51.100.200')).user.username).toBe(username);
  });

  it('do not lock out a moderator or an admin either', async () => {
    for (const role of ['moderator', 'admin']) {
      const username = await owner(app, '2001:db8:1:2::5');
      await app.db.query('update users set role = $2 where username = $1', [username, role]);
      await burst(app, username, 3 * LIMIT, -1, (i) => `2001:db8:ffff:${i}::1`);
      expect(data(await login(app, username, PASSWORD, '2001:db8:1:2:abcd::9')).user.role).toBe(role);
    }
  });

  it('still stop a new network while the account is guessed at', async () => {
    const username = await owner(app, '198.51.100.7');
    for (let i = 0; i < LIMIT; i++) await login(app, username, `wrong guess ${i}`, `172.16.${i}.1`);
    const refused = await login(app, username, PASSWORD, '172.31.0.1');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('from the owner network itself are limited like any others', async () => {
    const username = await owner(app, '198.51.100.7');
    const statuses = await burst(app, username, 2 * LIMIT, -1, () => '198.51.100.8');
    expect(verified(statuses)).toBe(LIMIT);
    expect((await login(app, username, PASSWORD, '198.51.100.7')).json().code).toBe(errorCatalogue.login_limited.code);
  });
});

describe('the right password', () => {
  it('does not count: logging in more often than the limit works', async () => {
    const username = await owner(app, '198.51.100.7');
    for (let i = 0; i < LIMIT + 3; i++) expect((await login(app, username, PASSWORD, '203.0.113.99')).statusCode).toBe(200);
  });

  it('gives back what a refused account counted from the address', async () => {
    const limited = await buildTestApp({ LOGIN_LIMIT_PER_IP: '3', LOGIN_LIMIT_PER_ACCOUNT: '1', REGISTER_LIMIT_PER_IP: '1000' });
    const username = await owner(limited, '198.51.100.7');
    expect((await login(limited, username, 'wrong password', '192.0.2.9')).statusCode).toBe(401);
    // Refused by the account's limit: no password verified, so the address keeps its two other attempts.
    for (let i = 0; i < 4; i++) expect((await login(limited, username, 'wrong password', '192.0.2.9')).statusCode).toBe(429);
    expect((await login(limited, 'someone-else', 'wrong password', '192.0.2.9')).statusCode).toBe(401);
    expect((await login(limited, 'someone-more', 'wrong password', '192.0.2.9')).statusCode).toBe(401);
    expect((await login(limited, 'someone-last', 'wrong password', '192.0.2.9')).statusCode).toBe(429);
  });
});

describe('networkOf', () => {
  it('groups IPv4 by /24 and IPv6 by /64, and reads IPv4-mapped addresses as IPv4', () => {
    expect(networkOf('203.0.113.77')).toBe('203.0.113.0/24');
    expect(networkOf('::ffff:203.0.113.77')).toBe('203.0.113.0/24');
    expect(networkOf('2001:db8:1:2::5')).toBe('2001:db8:1:2::/64');
    expect(networkOf('2001:0DB8:0001:0002:abcd::9')).toBe('2001:db8:1:2::/64');
    expect(networkOf('::1')).toBe('0:0:0:0::/64');
    expect(networkOf('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
  });
});
