import { describe, expect, it } from 'vitest';
import { errorMessages } from '@padhub/contracts';
import { buildTestApp, data, registerUser } from '#server-test/helper.ts';
import { loadConfig } from '#server/config.ts';
import { makePost } from '#server/modules/community/test-fixtures.ts';
import { expectError } from '#server/modules/safety/test-fixtures.ts';
import { abuseActions, defaultPolicies, parsePolicies } from './abuse-limits.ts';

describe('RATE_LIMITS', () => {
  it('overrides single limits and keeps the rest', () => {
    const policies = parsePolicies('comment.user=5/60, like.ip=9/30');
    expect(policies).toMatchObject({ comment: { user: { max: 5, windowSeconds: 60 }, ip: defaultPolicies.comment.ip }, like: { ip: { max: 9, windowSeconds: 30 } } });
    expect(parsePolicies(undefined)).toEqual(defaultPolicies);
  });

  it('refuses what it cannot read, at start, with the reason', () => {
    expect(parsePolicies('comments.user=5/60')).toMatch(/not one of/);
    expect(parsePolicies('comment.user=5')).toMatch(/max\/seconds/);
    expect(parsePolicies('comment.user=0/60')).toMatch(/at least 1/);
    expect(() => loadConfig({ RATE_LIMITS: 'comment.anyone=1/1' })).toThrow(/RATE_LIMITS/);
  });

  it('has a per-person and a per-address limit for every action, the address allowing more', () => {
    for (const action of abuseActions) expect(defaultPolicies[action].ip.max).toBeGreaterThan(defaultPolicies[action].user.max);
  });
});

describe('write limits on the API', async () => {
  const app = await buildTestApp({
    RATE_LIMITS: 'comment.user=3/3600,comment.ip=5/3600,edit.user=2/3600,report.user=1/86400,like.user=2/3600,favourite.user=1/3600,block.user=1/86400',
    REGISTER_LIMIT_PER_IP: '1000',
  });
  const author = await registerUser(app);
  const comment = (headers: Record<string, string>, postId: string, ip = '10.1.0.1') =>
    app.inject({ method: 'POST', url: `/api/posts/${postId}/comments`, headers: { ...headers, 'accept-language': 'en' }, payload: { content: 'hi' }, remoteAddress: ip });

  it('answers 429 with the translated message and Retry-After once a person is over their limit', async () => {
    const [alice, bob] = [await registerUser(app), await registerUser(app)];
    const postId = await makePost(app, author);
    for (let i = 0; i < 3; i++) data(await comment(alice.headers, postId, '10.2.0.1'));
    const limited = await comment(alice.headers, postId, '10.2.0.1');
    expectError(limited, 'rate_limited');
    expect(limited.json().message).toBe(errorMessages.rate_limited.en);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json().data.retryAfter).toBe(Number(limited.headers['retry-after']));
    // Someone else on another address is not held back by Alice.
    data(await comment(bob.headers, postId, '10.2.0.2'));
  });

  it('limits an address across the people behind it', async () => {
    const postId = await makePost(app, author);
    const people = [await registerUser(app), await registerUser(app), await registerUser(app)];
    for (const [i, person] of [...people, ...people].slice(0, 5).entries()) expect((await comment(person.headers, postId, '10.3.0.1')).statusCode, `comment ${i}`).toBe(200);
    expectError(await comment(people[2]!.headers, postId, '10.3.0.1'), 'rate_limited');
    data(await comment(people[2]!.headers, postId, '10.3.0.2'));
  });

  it('counts edits of posts and comments on their own allowance, not the comments’', async () => {
    const person = await registerUser(app);
    const postId = await makePost(app, person);
    const mine = data<{ id: string }>(await comment(person.headers, postId, '10.4.0.1'));
    const patch = (url: string, content: string, headers: Record<string, string> = {}) =>
      app.inject({ method: 'PATCH', url, headers: { ...person.headers, ...headers }, payload: { content }, remoteAddress: '10.4.0.1' });
    data(await patch(`/api/comments/${mine.id}`, 'fixed'));
    data(await patch(`/api/posts/${postId}`, 'fixed too', { 'idempotency-key': crypto.randomUUID() }));
    expectError(await patch(`/api/comments/${mine.id}`, 'again'), 'rate_limited');
    // Two edits spent, yet two of the three comments are left.
    data(await comment(person.headers, postId, '10.4.0.1'));
    data(await comment(person.headers, postId, '10.4.0.1'));
    expectError(await comment(person.headers, postId, '10.4.0.1'), 'rate_limited');
  });

  it('limits reports, likes, favourites and blocks too', async () => {
    const person = await registerUser(app);
    const [p1, p2] = [await makePost(app, author), await makePost(app, author)];
    const as = (method: 'PUT' | 'POST', url: string, payload?: object) => app.inject({ method, url, headers: person.headers, ...(payload ? { payload } : {}) });
    data(await as('POST', '/api/reports', { targetType: 'post', targetId: p1, reason: 'spam' }));
    expectError(await as('POST', '/api/reports', { targetType: 'post', targetId: p2, reason: 'spam' }), 'rate_limited');
    data(await as('PUT', `/api/posts/${p1}/like`));
    data(await as('PUT', `/api/posts/${p2}/like`));
    expectError(await as('PUT', `/api/posts/${p1}/like`), 'rate_limited');
    data(await as('PUT', `/api/posts/${p1}/favourite`));
    expectError(await as('PUT', `/api/posts/${p2}/favourite`), 'rate_limited');
    data(await as('PUT', `/api/blocks/${author.id}`));
    expectError(await as('PUT', `/api/blacklist/${author.id}`), 'rate_limited');
  });
});
