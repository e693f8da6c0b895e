import { rmSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { errorCatalogue } from '@padhub/contracts';
import { buildTestApp } from '#server-test/helper.ts';

const app = await buildTestApp();

describe('health', () => {
  it('answers ok without an organisation', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ code: 0, data: { status: 'ok', database: 'ok' } });
  });

  it('has separate liveness and readiness', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/health/ready' })).json().data.database).toBe('ok');
  });

  it('publishes the OpenAPI document generated from the contracts', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/auth/login', '/api/auth/register', '/api/me', '/api/health']));
    const login = doc.paths['/api/auth/login'].post;
    expect(login.requestBody.content['application/json'].schema.required).toEqual(['username', 'password']);
  });

  it('redirects / to the community page', async () => {
    const res = await app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/app/community/index');
  });
});

describe('readiness when the database is gone', async () => {
  const broken = await buildTestApp();
  it('answers 503 with the unavailable code', async () => {
    await broken.db.close();
    const res = await broken.inject({ method: 'GET', url: '/api/health/ready' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ code: errorCatalogue.unavailable.code, data: { database: 'down', reasons: ['database'] } });
  });
});

describe('readiness when the object store is gone', async () => {
  const noStore = await buildTestApp();
  it('answers 503 naming the store, while the database is fine', async () => {
    const ready = await noStore.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.json().data).toMatchObject({ status: 'ok', database: 'ok', storage: 'ok', draining: false, reasons: [] });
    if (noStore.config.storage.kind !== 'embedded') throw new Error('the tests run on the embedded store');
    rmSync(noStore.config.storage.dir, { recursive: true, force: true });
    const res = await noStore.inject({ method: 'GET', url: '/api/health/ready' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ code: errorCatalogue.unavailable.code, data: { status: 'degraded', database: 'ok', storage: 'down', reasons: ['storage'] } });
    // Liveness does not depend on it: the process itself is fine.
    expect((await noStore.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
  });
});

describe('organisation', async () => {
  const app2 = await buildTestApp();
  it('answers the organisation of Accorgid with its models', async () => {
    const res = await app2.inject({ method: 'GET', url: '/api/organisation', headers: { accorgid: 'padhub' } });
    expect(res.json()).toMatchObject({ code: 0, data: { id: 'padhub', defaultLanguage: 'cn', moderationMode: 'post' } });
    expect(res.json().data.models.length).toBeGreaterThanOrEqual(3);
  });

  it('refuses without Accorgid', async () => {
    const res = await app2.inject({ method: 'GET', url: '/api/organisation' });
    expect(res.json().code).toBe(errorCatalogue.organisation_required.code);
  });
});

describe('bodies', async () => {
  const app3 = await buildTestApp();
  it('accepts a JSON content type with an empty body', async () => {
    const res = await app3.inject({ method: 'POST', url: '/api/auth/logout', headers: { accorgid: 'padhub', 'content-type': 'application/json' } });
    // Reaches the route (which then wants a login) instead of failing on the empty body.
    expect(res.json().code).toBe(errorCatalogue.login_required.code);
  });
});

describe('the web app page', () => {
  it('is sent with a Content-Security-Policy that keeps scripts to this origin and forbids framing', async () => {
    const { contentSecurityPolicy } = await import('#server/modules/web/routes.ts');
    const csp = contentSecurityPolicy(['https://media.example.com']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toMatch(/img-src [^;]*https:\/\/media\.example\.com/);
    expect(csp).toMatch(/connect-src [^;]*https:\/\/media\.example\.com/);
    expect(csp).not.toContain("'unsafe-eval'");
  });
});
