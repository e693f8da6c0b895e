import { describe, expect, it } from 'vitest';
import { DEREGISTERED_STATE, errorCatalogue } from '@padhub/contracts';
import { buildTestApp, data, ORG, OTHER_ORG, registerUser } from '#server-test/helper.ts';
import { loadConfig } from '#server/config.ts';
import { AccountsRepo } from './repo.ts';

const app = await buildTestApp({ LOGIN_LIMIT_PER_ACCOUNT: '3', LOGIN_LIMIT_PER_IP: '1000' });
const login = (username: string, password: string, org = ORG, ip?: string) =>
  app.inject({ method: 'POST', url: '/api/auth/login', headers: { accorgid: org }, payload: { username, password }, remoteAddress: ip });

describe('register', () => {
  it('creates an account and answers a token that works', async () => {
    const actor = await registerUser(app, { username: 'Alice_1' });
    const me = data(await app.inject({ method: 'GET', url: '/api/me', headers: actor.headers }));
    expect(me).toMatchObject({ username: 'Alice_1', nickname: 'Alice_1', state: 0, role: 'user', organisationId: ORG });
    expect(me).not.toHaveProperty('password_hash');
  });

  it('refuses a username taken in the organisation, whatever its case', async () => {
    await registerUser(app, { username: 'bob' });
    const res = await app.inject({ method: 'POST', url: '/api/auth/register', headers: { accorgid: ORG }, payload: { username: 'BOB', password: 'another password' } });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe(errorCatalogue.username_taken.code);
  });

  it('lets the same username exist in another organisation', async () => {
    await registerUser(app, { username: 'carol' });
    const other = await registerUser(app, { username: 'carol', org: OTHER_ORG });
    expect(other.org).toBe(OTHER_ORG);
  });

  it('refuses bad input with the validation code and the fields at fault', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/auth/register', headers: { accorgid: ORG }, payload: { username: 'x', password: 'short' } });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe(errorCatalogue.validation_failed.code);
    expect(body.data.issues.map((i: { path: string }) => i.path).sort()).toEqual(['body.password', 'body.username']);
  });

  it('translates the message by Accept-Language', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/auth/register', headers: { accorgid: ORG, 'accept-language': 'ko' }, payload: {} });
    expect(res.json().message).toBe('입력한 내용이 올바르지 않습니다. 확인 후 다시 시도해 주세요.');
  });
});

describe('login', () => {
  it('answers a new token for the right password', async () => {
    await registerUser(app, { username: 'dave' });
    const session = data(await login('dave', 'correct horse battery'));
    expect(session.token).toMatch(/^[\w-]{40,}$/);
    expect(session.user.username).toBe('dave');
  });

  it('refuses a wrong password and an unknown user with the same answer', async () => {
    await registerUser(app, { username: 'erin' });
    const wrong = await login('erin', 'not the password');
    const unknown = await login('nobody-here', 'not the password');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json().code).toBe(errorCatalogue.credentials_wrong.code);
  });

  it('stops guessing on one account after the limit, with Retry-After, and says so', async () => {
    await registerUser(app, { username: 'frank' });
    for (let i = 0; i < 3; i++) expect((await login('frank', `guess number ${i}`)).statusCode).toBe(401);
    const limited = await login('frank', 'correct horse battery');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe(errorCatalogue.login_limited.code);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json().data.retryAfter).toBeGreaterThan(0);
  });

  it('does not let a token of one organisation act in another', async () => {
    const actor = await registerUser(app);
    const res = await app.inject({ method: 'GET', url: '/api/me', headers: { ...actor.headers, accorgid: OTHER_ORG } });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe(errorCatalogue.token_invalid.code);
  });
});

describe('per-IP login limit', async () => {
  const limited = await buildTestApp({ LOGIN_LIMIT_PER_IP: '2', LOGIN_LIMIT_PER_ACCOUNT: '100' });
  it('refuses one address after its failures, whichever accounts it tries', async () => {
    const attempt = (username: string, ip: string) =>
      limited.inject({ method: 'POST', url: '/api/auth/login', headers: { accorgid: ORG }, payload: { username, password: 'wrong password' }, remoteAddress: ip });
    expect((await attempt('one-user', '10.0.0.1')).statusCode).toBe(401);
    expect((await attempt('two-user', '10.0.0.1')).statusCode).toBe(401);
    expect((await attempt('three-user', '10.0.0.1')).statusCode).toBe(429);
    expect((await attempt('three-user', '10.0.0.2')).statusCode).toBe(401);
  });
});

describe('sessions', () => {
  it('needs a token for /api/me and refuses a made-up one', async () => {
    const anonymous = await app.inject({ method: 'GET', url: '/api/me', headers: { accorgid: ORG } });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().code).toBe(errorCatalogue.login_required.code);
    const forged = await app.inject({ method: 'GET', url: '/api/me', headers: { accorgid: ORG, token: 'made-up' } });
    expect(forged.json().code).toBe(errorCatalogue.token_invalid.code);
  });

  it('does not read the token from a cookie', async () => {
    const actor = await registerUser(app);
    const res = await app.inject({ method: 'GET', url: '/api/me', headers: { accorgid: ORG, cookie: `token=${actor.token}` } });
    expect(res.statusCode).toBe(401);
  });

  it('logout kills that token only', async () => {
    const actor = await registerUser(app, { username: 'gina' });
    const second = data(await login('gina', 'correct horse battery'));
    data(await app.inject({ method: 'POST', url: '/api/auth/logout', headers: actor.headers }));
    expect((await app.inject({ method: 'GET', url: '/api/me', headers: actor.headers })).statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: '/api/me', headers: { accorgid: ORG, token: second.token } })).statusCode).toBe(200);
  });

  it('expires a token unused for 30 days', async () => {
    const actor = await registerUser(app);
    await app.db.query(`update sessions set last_used_at = now() - interval '31 days' where user_id = $1`, [actor.id]);
    expect((await app.inject({ method: 'GET', url: '/api/me', headers: actor.headers })).statusCode).toBe(401);
  });

  it('stores only a hash of the token', async () => {
    const actor = await registerUser(app);
    const rows = await app.db.query<{ token_hash: string }>('select token_hash from sessions where user_id = $1', [actor.id]);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.token_hash).not.toContain(actor.token);
    expect(rows[0]?.token_hash).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('deregister', () => {
  it('sets state 10101, kills every token at once, refuses login with the state, and anonymises', async () => {
    const actor = await registerUser(app, { username: 'harry' });
    const other = data(await login('harry', 'correct horse battery'));
    data(await app.inject({ method: 'DELETE', url: '/api/me', headers: actor.headers }));

    for (const token of [actor.token, other.token]) {
      const res = await app.inject({ method: 'GET', url: '/api/me', headers: { accorgid: ORG, token } });
      expect(res.statusCode).toBe(401);
    }
    const refused = await login('harry', 'correct horse battery');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: errorCatalogue.account_deregistered.code, data: { state: DEREGISTERED_STATE } });

    const [row] = await app.db.query<{ nickname: string; state: number }>('select nickname, state from users where id = $1', [actor.id]);
    expect(row).toEqual({ nickname: '', state: DEREGISTERED_STATE });
  });

  it('keeps the username reserved so nobody can take over the old identity', async () => {
    const actor = await registerUser(app, { username: 'ivy' });
    data(await app.inject({ method: 'DELETE', url: '/api/me', headers: actor.headers }));
    const res = await app.inject({ method: 'POST', url: '/api/auth/register', headers: { accorgid: ORG }, payload: { username: 'ivy', password: 'correct horse battery' } });
    expect(res.statusCode).toBe(409);
  });

  it('needs a live session', async () => {
    const res = await app.inject({ method: 'DELETE', url: '/api/me', headers: { accorgid: ORG } });
    expect(res.statusCode).toBe(401);
  });
});

describe('behind a load balancer', async () => {
  const proxied = await buildTestApp({ TRUST_PROXY: '10.0.0.0/8', LOGIN_LIMIT_PER_IP: '2', LOGIN_LIMIT_PER_ACCOUNT: '100' });
  it('counts the address the proxy saw, not what the client wrote in X-Forwarded-For', async () => {
    const attempt = (forged: string) =>
      proxied.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { accorgid: ORG, 'x-forwarded-for': `${forged}, 203.0.113.9` },
        payload: { username: `someone-${forged}`, password: 'wrong password' },
        remoteAddress: '10.0.0.2',
      });
    expect((await attempt('6.6.6.1')).statusCode).toBe(401);
    expect((await attempt('6.6.6.2')).statusCode).toBe(401);
    expect((await attempt('6.6.6.3')).statusCode).toBe(429);
  });

  it('refuses to trust any X-Forwarded-For blindly', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/addresses of the proxies/);
    expect(() => loadConfig({ TRUST_PROXY: '1' })).toThrow(/addresses of the proxies/);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
  });
});

describe('session housekeeping', () => {
  it('forgets revoked and long-idle sessions, keeps live ones', async () => {
    const live = await registerUser(app);
    const idle = await registerUser(app);
    await app.db.query(`update sessions set last_used_at = now() - interval '40 days' where user_id = $1`, [idle.id]);
    await new AccountsRepo(app.db).sweepSessions({ idleDays: 30, maxDays: 90 });
    const left = await app.db.query<{ user_id: string }>('select user_id from sessions where user_id = any($1::bigint[])', [[live.id, idle.id]]);
    expect(left.map((r) => r.user_id)).toEqual([live.id]);
  });
});
