import { describe, expect, it } from 'vitest';
import { errorCatalogue } from '@padhub/contracts';
import { buildTestApp, ORG } from '#server-test/helper.ts';

const app = await buildTestApp();

describe('tenancy', () => {
  it('refuses an API call without Accorgid with a clear error', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/me' });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(errorCatalogue.organisation_required.code);
    expect(res.json().message).toMatch(/organisation/i);
  });

  it('refuses an unknown organisation', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/me', headers: { accorgid: 'no-such-org', 'accept-language': 'en' } });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe(errorCatalogue.organisation_unknown.code);
  });

  it('speaks the organisation default language when the request names none', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/me', headers: { accorgid: ORG } });
    expect(res.json().message).toBe('请先登录');
  });

  it.each([
    ['ja', 'ログイン'],
    ['jp', 'ログイン'],
    ['ja_JP', 'ログイン'],
    ['ko-KR', '로그인'],
    ['en-US,en;q=0.9', 'log in'],
    ['zh-CN', '登录'],
  ])('accepts Accept-Language %s', async (lang, expected) => {
    const res = await app.inject({ method: 'GET', url: '/api/me', headers: { accorgid: ORG, 'accept-language': lang } });
    expect(res.json().message).toContain(expected);
  });

  it('answers unknown API paths with the not-found code', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/nothing-here', headers: { accorgid: ORG } });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe(errorCatalogue.not_found.code);
  });

  it('answers malformed JSON with the validation code', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/auth/login', headers: { accorgid: ORG, 'content-type': 'application/json' }, payload: '{"username":' });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(errorCatalogue.validation_failed.code);
  });
});
