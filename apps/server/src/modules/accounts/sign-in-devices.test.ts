import { randomBytes } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { errorCatalogue, errorMessages, type Notification, type SessionInfo } from '@padhub/contracts';
import { buildTestApp, data, ORG, awayFromWindowEdge } from '#server-test/helper.ts';
import { inbox } from '#server/modules/notifications/test-fixtures.ts';

const PASSWORD = 'correct horse battery';
const LIMIT = 10;
const HOME = '198.51.100.7';
const ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Mobile Safari/537.36 PadhubHost/5.2';

const app = await buildTestApp({ LOGIN_LIMIT_PER_ACCOUNT: String(LIMIT), LOGIN_LIMIT_PER_IP: '1000', REGISTER_LIMIT_PER_IP: '1000' });

// The login limits count in 15-minute windows of the clock: a test that fills one must not straddle two.
beforeEach(() => awayFromWindowEdge(15 * 60));

const newDeviceId = () => `install-${randomBytes(12).toString('hex')}`;

function login(username: string, password: string, ip: string, extra: { deviceId?: string; device?: string; lang?: string } = {}) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: { accorgid: ORG, 'user-agent': ANDROID, ...(extra.lang ? { 'accept-language': extra.lang } : {}) },
    payload: { username, password, ...(extra.deviceId ? { deviceId: extra.deviceId } : {}), ...(extra.device ? { device: extra.device } : {}) },
    remoteAddress: ip,
  });
}

/** An account registered from home; answers its username and the headers of that first session. */
async function owner() {
  const username = `device${randomBytes(5).toString('hex')}`;
  const { token } = data<{ token: string }>(
    await app.inject({ method: 'POST', url: '/api/auth/register', headers: { accorgid: ORG }, payload: { username, password: PASSWORD }, remoteAddress: HOME }),
  );
  return { username, headers: { accorgid: ORG, token } };
}

describe('a device the account has used, at login', () => {
  it('counts as known, as a known network does: the owner’s phone gets in during an attack, from anywhere', async () => {
    const phone = newDeviceId();
    const { username } = await owner();
    expect((await login(username, PASSWORD, HOME, { deviceId: phone })).statusCode).toBe(200);
    // Guesses fill the count of every other network, and of the owner's own network too.
    for (let i = 0; i < LIMIT; i++) await login(username, `wrong guess ${i}`, `172.16.${i}.1`);
    for (let i = 0; i < LIMIT; i++) await login(username, `wrong guess ${i}`, '198.51.100.99');
    expect((await login(username, PASSWORD, '203.0.113.9')).statusCode).toBe(429);
    expect((await login(username, PASSWORD, HOME)).statusCode).toBe(429);
    // The phone is let in, from a network the account never used and from home.
    expect((await login(username, PASSWORD, '203.0.113.9', { deviceId: phone })).statusCode).toBe(200);
    expect((await login(username, PASSWORD, HOME, { deviceId: phone })).statusCode).toBe(200);
    // An id the account never used is no key (the phone's success made its network known: another one here).
    expect((await login(username, PASSWORD, '192.0.2.77', { deviceId: newDeviceId() })).statusCode).toBe(429);
  });

  it('has a count of its own, so guessing with it is limited too', async () => {
    const phone = newDeviceId();
    const { username } = await owner();
    expect((await login(username, PASSWORD, HOME, { deviceId: phone })).statusCode).toBe(200);
    for (let i = 0; i < LIMIT; i++) expect((await login(username, `wrong guess ${i}`, '203.0.113.50', { deviceId: phone })).statusCode).toBe(401);
    expect((await login(username, PASSWORD, '203.0.113.50', { deviceId: phone })).statusCode).toBe(429);
  });

  it('refuses a malformed id', async () => {
    const { username } = await owner();
    expect((await login(username, PASSWORD, HOME, { deviceId: 'short' })).statusCode).toBe(400);
    expect((await login(username, PASSWORD, HOME, { deviceId: 'x'.repeat(20) + '<script>' })).statusCode).toBe(400);
  });
});

describe('the refusal of the login limits', () => {
  it('says when to try again: Retry-After, and the minutes in each language', async () => {
    const { username } = await owner();
    for (let i = 0; i < LIMIT; i++) await login(username, `wrong guess ${i}`, `10.9.${i}.1`);
    for (const lang of ['en', 'cn', 'jp', 'ko'] as const) {
      const refused = await login(username, PASSWORD, '10.200.0.1', { lang });
      expect(refused.statusCode).toBe(429);
      const seconds = Number(refused.headers['retry-after']);
      expect(seconds).toBeGreaterThan(0);
      expect(seconds).toBeLessThanOrEqual(15 * 60);
      const body = refused.json<{ code: number; message: string; data: { retryAfter: number } }>();
      expect(body.code).toBe(errorCatalogue.login_limited.code);
      expect(body.data.retryAfter).toBe(seconds);
      expect(body.message).toBe(errorMessages.login_limited[lang].replace('{{minutes}}', String(Math.ceil(seconds / 60))));
      expect(body.message).not.toContain('{');
    }
  });
});

describe('the sessions list and new sign-ins', () => {
  it('shows the server’s own reading beside the chosen name: platform, network, first seen', async () => {
    const { username, headers } = await owner();
    const phone = newDeviceId();
    const { token } = data<{ token: string }>(await login(username, PASSWORD, '203.0.113.77', { deviceId: phone, device: 'My iPhone' }));
    const items = data<{ items: SessionInfo[] }>(await app.inject({ method: 'GET', url: '/api/me/sessions', headers })).items;
    const named = items.find((s) => s.device === 'My iPhone')!;
    // The name says iPhone; the server read Chrome on Android from another network.
    expect(named).toMatchObject({ platform: 'Chrome · Android', network: '203.0.113.0/24', current: false });
    expect(Date.parse(named.firstSeenAt!)).toBeGreaterThan(Date.now() - 60_000);
    expect(items.find((s) => s.current)?.network).toBe('198.51.100.0/24');
    // Another person's list is theirs alone.
    const mine = data<{ items: SessionInfo[] }>(await app.inject({ method: 'GET', url: '/api/me/sessions', headers: { accorgid: ORG, token } })).items;
    expect(mine.map((s) => s.id).sort()).toEqual(items.map((s) => s.id).sort());
    expect((await app.inject({ method: 'GET', url: '/api/me/sessions', headers: { accorgid: ORG } })).statusCode).toBe(401);
  });

  it('tell the owner of a sign-in from a new network or a new device, not of one from what they used before', async () => {
    const { username, headers } = await owner();
    const actor = { token: headers.token, id: '', username, org: ORG, headers };
    const signIns = async () => (await inbox(app, actor)).filter((n: Notification) => n.type === 'new_sign_in');
    // From home, where the account was registered: nothing new.
    data(await login(username, PASSWORD, HOME));
    expect(await signIns()).toEqual([]);
    // From a network it never used.
    data(await login(username, PASSWORD, '203.0.113.20', { device: 'Pixel' }));
    const [first] = await signIns();
    expect(first).toMatchObject({ type: 'new_sign_in', actors: [], target: { type: 'user', excerpt: 'Pixel · 203.0.113.0/24' }, read: false });
    // The first device the host names, at home: the account had none to compare with, nothing new.
    data(await login(username, PASSWORD, HOME, { deviceId: newDeviceId() }));
    expect(await signIns()).toHaveLength(1);
    // Another phone at home: new.
    const phone = newDeviceId();
    data(await login(username, PASSWORD, HOME, { deviceId: phone }));
    expect(await signIns()).toHaveLength(2);
    // The same phone and network again: nothing.
    data(await login(username, PASSWORD, HOME, { deviceId: phone }));
    expect(await signIns()).toHaveLength(2);
    // Switched off in the settings: none.
    data(await app.inject({ method: 'PUT', url: '/api/me/notification-settings', headers, payload: { new_sign_in: { inbox: false, push: false } } }));
    data(await login(username, PASSWORD, '192.0.2.200'));
    expect(await signIns()).toHaveLength(2);
  });
});
