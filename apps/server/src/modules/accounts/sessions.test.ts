import { describe, expect, it } from 'vitest';
import { DEREGISTERED_STATE, errorCatalogue, type SessionInfo } from '@padhub/contracts';
import { buildTestApp, data, ORG, registerUser, type Actor } from '#server-test/helper.ts';
import { AccountsRepo } from './repo.ts';

const PASSWORD = 'correct horse battery';
const app = await buildTestApp({ LOGIN_LIMIT_PER_ACCOUNT: '3', REGISTER_LIMIT_PER_IP: '1000' });

const IPHONE_SAFARI = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

async function login(actor: Actor, extra: { device?: string; userAgent?: string; password?: string } = {}) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: { accorgid: ORG, ...(extra.userAgent ? { 'user-agent': extra.userAgent } : {}) },
    payload: { username: actor.username, password: extra.password ?? PASSWORD, ...(extra.device ? { device: extra.device } : {}) },
  });
  return { accorgid: ORG, token: data<{ token: string }>(res).token };
}

const me = (headers: Record<string, string>) => app.inject({ method: 'GET', url: '/api/me', headers });
const list = async (headers: Record<string, string>) => data<{ items: SessionInfo[] }>(await app.inject({ method: 'GET', url: '/api/me/sessions', headers })).items;

describe('the absolute session lifetime', () => {
  it('ends a 400-day-old session even if it was used today', async () => {
    const actor = await registerUser(app);
    await app.db.query(`update sessions set created_at = now() - interval '400 days', last_used_at = now() where user_id = $1`, [actor.id]);
    const res = await me(actor.headers);
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe(errorCatalogue.token_invalid.code);
  });

  it('keeps a session younger than the lifetime (90 days by default)', async () => {
    const actor = await registerUser(app);
    await app.db.query(`update sessions set created_at = now() - interval '89 days' where user_id = $1`, [actor.id]);
    expect((await me(actor.headers)).statusCode).toBe(200);
  });

  it('follows SESSION_MAX_DAYS', async () => {
    const short = await buildTestApp({ SESSION_MAX_DAYS: '2' });
    const actor = await registerUser(short);
    await short.db.query(`update sessions set created_at = now() - interval '3 days' where user_id = $1`, [actor.id]);
    expect((await short.inject({ method: 'GET', url: '/api/me', headers: actor.headers })).statusCode).toBe(401);
  });

  it('is swept from the table once past', async () => {
    const old = await registerUser(app);
    const young = await registerUser(app);
    await app.db.query(`update sessions set created_at = now() - interval '400 days' where user_id = $1`, [old.id]);
    await new AccountsRepo(app.db).sweepSessions({ idleDays: 30, maxDays: 90 });
    const left = await app.db.query<{ user_id: string }>('select user_id from sessions where user_id = any($1::bigint[])', [[old.id, young.id]]);
    expect(left.map((r) => r.user_id)).toEqual([young.id]);
  });
});

describe('the list of sessions', () => {
  it('shows each live session with its device and times, the current one marked, no one else’s', async () => {
    const actor = await registerUser(app);
    const phone = await login(actor, { userAgent: IPHONE_SAFARI });
    const named = await login(actor, { device: 'Pixel 8', userAgent: 'okhttp/4.12.0' });
    await registerUser(app);
    const dead = await login(actor);
    data(await app.inject({ method: 'POST', url: '/api/auth/logout', headers: dead }));

    const items = await list(phone);
    expect(items).toHaveLength(3);
    expect(items.filter((s) => s.current).map((s) => s.device)).toEqual(['Safari · iPhone']);
    expect(items.map((s) => s.device).sort()).toEqual(['Pixel 8', 'Safari · iPhone', null].sort());
    for (const s of items) {
      expect(Date.parse(s.createdAt)).toBeLessThanOrEqual(Date.parse(s.lastUsedAt));
      expect(s.id).toMatch(/^\d+$/);
    }
    expect((await list(named)).filter((s) => s.current).map((s) => s.device)).toEqual(['Pixel 8']);
  });

  it('needs a login', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/me/sessions', headers: { accorgid: ORG } });
    expect(res.json().code).toBe(errorCatalogue.login_required.code);
  });

  it('refuses a device name that is too long', async () => {
    const actor = await registerUser(app);
    const res = await app.inject({ method: 'POST', url: '/api/auth/login', headers: { accorgid: ORG }, payload: { username: actor.username, password: PASSWORD, device: 'x'.repeat(81) } });
    expect(res.json().code).toBe(errorCatalogue.validation_failed.code);
  });
});

describe('revoking sessions', () => {
  it('ends one session by its id, and only the person’s own', async () => {
    const actor = await registerUser(app);
    const other = await login(actor);
    const stranger = await registerUser(app);
    const [target] = (await list(actor.headers)).filter((s) => !s.current);

    const refused = await app.inject({ method: 'DELETE', url: `/api/me/sessions/${target!.id}`, headers: stranger.headers });
    expect(refused.json().code).toBe(errorCatalogue.not_found.code);
    expect((await me(other)).statusCode).toBe(200);

    data(await app.inject({ method: 'DELETE', url: `/api/me/sessions/${target!.id}`, headers: actor.headers }));
    expect((await me(other)).statusCode).toBe(401);
    expect((await me(actor.headers)).statusCode).toBe(200);
    const again = await app.inject({ method: 'DELETE', url: `/api/me/sessions/${target!.id}`, headers: actor.headers });
    expect(again.json().code).toBe(errorCatalogue.not_found.code);
  });

  it('refuses an id that is not one', async () => {
    const actor = await registerUser(app);
    const res = await app.inject({ method: 'DELETE', url: '/api/me/sessions/abc', headers: actor.headers });
    expect(res.json().code).toBe(errorCatalogue.validation_failed.code);
  });

  it('logs out everywhere else, keeping the session asking', async () => {
    const actor = await registerUser(app);
    const others = [await login(actor), await login(actor)];
    expect(data(await app.inject({ method: 'DELETE', url: '/api/me/sessions', headers: actor.headers }))).toEqual({ revoked: 2 });
    for (const headers of others) expect((await me(headers)).statusCode).toBe(401);
    expect((await me(actor.headers)).statusCode).toBe(200);
    expect((await list(actor.headers)).map((s) => s.current)).toEqual([true]);
  });
});

describe('changing the password', () => {
  const change = (headers: Record<string, string>, currentPassword: string, newPassword: string) =>
    app.inject({ method: 'POST', url: '/api/me/password', headers, payload: { currentPassword, newPassword } });

  it('takes the current password, ends every other session, and the new one logs in', async () => {
    const actor = await registerUser(app);
    const other = await login(actor);
    expect(data(await change(actor.headers, PASSWORD, 'a brand new secret'))).toEqual({ revoked: 1 });
    expect((await me(other)).statusCode).toBe(401);
    expect((await me(actor.headers)).statusCode).toBe(200);
    await login(actor, { password: 'a brand new secret' });
    const old = await app.inject({ method: 'POST', url: '/api/auth/login', headers: { accorgid: ORG }, payload: { username: actor.username, password: PASSWORD } });
    expect(old.json().code).toBe(errorCatalogue.credentials_wrong.code);
  });

  it('refuses a wrong current password and changes nothing', async () => {
    const actor = await registerUser(app);
    const other = await login(actor);
    const res = await change(actor.headers, 'not the password', 'a brand new secret');
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe(errorCatalogue.password_wrong.code);
    expect((await me(other)).statusCode).toBe(200);
    await login(actor);
  });

  it('holds the new password to the registration rules, and refuses the same one again', async () => {
    const actor = await registerUser(app);
    for (const [newPassword, status] of [['short', 400], ['x'.repeat(129), 400], [PASSWORD, 400]] as const) {
      const res = await change(actor.headers, PASSWORD, newPassword);
      expect(res.statusCode).toBe(status);
      expect(res.json().data.issues.map((i: { path: string }) => i.path)).toEqual(['body.newPassword']);
    }
  });

  it('takes passwords as they were registered, U+0000 included (a password is only ever hashed)', async () => {
    const nul = `correct horse${String.fromCharCode(0)}battery`;
    const res = await app.inject({ method: 'POST', url: '/api/auth/register', headers: { accorgid: ORG }, payload: { username: 'nul-changer', password: nul } });
    const headers = { accorgid: ORG, token: data<{ token: string }>(res).token };
    expect(data(await change(headers, nul, `new${nul}`))).toEqual({ revoked: 0 });
  });

  it('stops guessing the current password through a stolen token', async () => {
    const actor = await registerUser(app);
    for (let i = 0; i < 3; i++) expect((await change(actor.headers, `wrong guess ${i}`, 'a brand new secret')).statusCode).toBe(403);
    expect((await change(actor.headers, PASSWORD, 'a brand new secret')).statusCode).toBe(429);
  });

  it('needs a login', async () => {
    const res = await change({ accorgid: ORG }, PASSWORD, 'a brand new secret');
    expect(res.json().code).toBe(errorCatalogue.login_required.code);
  });
});

describe('a banned person', () => {
  it('can deregister; the ban stays on record', async () => {
    const actor = await registerUser(app);
    await app.db.query(`update users set banned_until = 'infinity' where id = $1`, [actor.id]);
    data(await app.inject({ method: 'DELETE', url: '/api/me', headers: actor.headers }));
    const [row] = await app.db.query<{ state: number; forever: boolean }>(`select state, banned_until = 'infinity' as forever from users where id = $1`, [actor.id]);
    expect(row).toEqual({ state: DEREGISTERED_STATE, forever: true });
    expect((await me(actor.headers)).statusCode).toBe(401);
  });

  it('can see and end their sessions', async () => {
    const actor = await registerUser(app);
    const other = await login(actor);
    await app.db.query(`update users set banned_until = now() + interval '7 days' where id = $1`, [actor.id]);
    expect(await list(actor.headers)).toHaveLength(2);
    data(await app.inject({ method: 'DELETE', url: '/api/me/sessions', headers: actor.headers }));
    expect((await app.inject({ method: 'GET', url: '/api/me/sessions', headers: other })).statusCode).toBe(401);
  });
});
