import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { errorCatalogue } from '@padhub/contracts';
import { buildTestApp, data, ORG, registerUser } from '#server-test/helper.ts';
import { makePost } from '#server/modules/community/test-fixtures.ts';
import { unstorableTextPath } from './storable-text.ts';

const app = await buildTestApp();
const writer = await registerUser(app);
const reader = await registerUser(app);
const postId = await makePost(app, writer);

const NUL = '\u0000';
const json = { ...writer.headers, 'content-type': 'application/json' };
// JSON text with a lone surrogate: JSON.stringify would escape it the same way.
const loneSurrogate = '\\ud800';

function expectRefused(res: { statusCode: number; json(): any }, path: string) {
  expect({ status: res.statusCode, code: res.json().code }).toEqual({ status: 400, code: errorCatalogue.validation_failed.code });
  expect(res.json().data.issues).toEqual([{ path, message: expect.stringContaining('cannot be stored') }]);
}

const layers = (name: string) => `{"layers":[{"name":"${name}","shift":null,"bindings":[]}]}`;

describe('text PostgreSQL cannot store', () => {
  it.each([
    ['a comment', `/api/posts/${postId}/comments`, `{"content":"hi\\u0000there"}`, 'body.content'],
    ['a comment with a lone surrogate (stored as U+FFFD before)', `/api/posts/${postId}/comments`, `{"content":"x${loneSurrogate}y"}`, 'body.content'],
    ['a report', '/api/reports', `{"targetType":"post","targetId":"${postId}","reason":"other","description":"a\\u0000b"}`, 'body.description'],
    ['a configuration name', '/api/configs', `{"model":"lite","kind":"mapping","name":"n\\u0000","content":${layers('Base')}}`, 'body.name'],
    ['a configuration body (jsonb)', '/api/configs', `{"model":"lite","kind":"mapping","name":"n","content":${layers(`B${loneSurrogate}`)}}`, 'body.content.layers.0.name'],
  ])('in %s is refused with the field named, not a server failure', async (_, url, payload, path) => {
    const res = await app.inject({ method: 'POST', url, headers: url === '/api/reports' ? { ...reader.headers, 'content-type': 'application/json' } : json, payload });
    expectRefused(res, path);
  });

  it('in a new post is refused, and no post is made', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/posts', headers: { ...json, 'idempotency-key': randomUUID() }, payload: `{"content":"a\\u0000b"}` });
    expectRefused(res, 'body.content');
    expect(await app.db.query('select 1 from posts where author_id = $1 and content like $2', [writer.id, 'a%b'])).toEqual([]);
  });

  it('in a nickname is refused at registration', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/auth/register', headers: { accorgid: ORG }, payload: { username: 'nul-nickname', password: 'correct horse battery', nickname: `x${NUL}` } });
    expectRefused(res, 'body.nickname');
  });

  it.each([
    ['the feed filter', '/api/posts', { model: `a${NUL}b` }, 'querystring.model'],
    ['a search', '/api/posts', { q: `a${NUL}b` }, 'querystring.q'],
    ['my configurations search', '/api/configs', { q: `a${NUL}b` }, 'querystring.q'],
  ])('in the query of %s is refused', async (_, url, query, path) => {
    expectRefused(await app.inject({ method: 'GET', url, headers: writer.headers, query }), path);
  });

  it('in a password is let through: a password is only ever hashed, and refusing it would lock its account out', async () => {
    const password = `correct horse${NUL}battery`;
    data(await app.inject({ method: 'POST', url: '/api/auth/register', headers: { accorgid: ORG }, payload: { username: 'nul-password', password } }));
    data(await app.inject({ method: 'POST', url: '/api/auth/login', headers: { accorgid: ORG }, payload: { username: 'nul-password', password } }));
  });

  it('in Accorgid names no organisation', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/posts', headers: { accorgid: `pad${NUL}hub` } });
    expect({ status: res.statusCode, code: res.json().code }).toEqual({ status: 404, code: errorCatalogue.organisation_unknown.code });
  });

  it('leaves every other character alone: emoji, CJK, control characters other than U+0000', async () => {
    const content = '手柄 😀 \u0001\t\u200d👩‍👩‍👧 ﷽';
    const res = await app.inject({ method: 'POST', url: `/api/posts/${postId}/comments`, headers: json, payload: JSON.stringify({ content }) });
    expect(data(res).content).toBe(content);
  });
});

describe('unstorableTextPath', () => {
  it('names the first unstorable string, key or value, however deep', () => {
    expect(unstorableTextPath({ a: [{ b: 'ok' }, { c: `x${NUL}` }] }, 'body')).toBe('body.a.1.c');
    expect(unstorableTextPath({ a: { [`k${NUL}`]: 1 } }, 'body')).toBe('body.a');
    expect(unstorableTextPath({ a: ['\ud83d\ude00', 1, null, true] }, 'body')).toBeUndefined();
    expect(unstorableTextPath('\udc00', 'body')).toBe('body');
  });

  it('walks a body nested far deeper than the stack would allow', () => {
    const deep = JSON.parse(`${'['.repeat(200_000)}"x\\u0000"${']'.repeat(200_000)}`);
    expect(unstorableTextPath(deep, 'body')).toMatch(/^body(\.0)+$/);
  });
});
