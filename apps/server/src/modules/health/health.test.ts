import { describe, expect, it } from 'vitest';
import { errorCatalogue } from '@padhub/contracts';
import { buildTestApp } from '../../../test/helper.ts';

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
    expect(res.json()).toMatchObject({ code: errorCatalogue.unavailable.code, data: { database: 'down' } });
  });
});
