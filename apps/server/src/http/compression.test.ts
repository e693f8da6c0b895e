import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { buildTestApp, ORG, registerUser } from '#server-test/helper.ts';
import { createPost } from '#server/modules/posting/test-fixtures.ts';

const app = await buildTestApp();
const alice = await registerUser(app);
for (let i = 0; i < 12; i++) await createPost(app, alice, { content: `Post ${i}: my controller setup for racing games, with the back paddles on shift` });
const feed = (encoding?: string) =>
  app.inject({ method: 'GET', url: '/api/posts?limit=12', headers: { accorgid: ORG, ...(encoding ? { 'accept-encoding': encoding } : {}) } });

describe('API answers are compressed for clients that accept it', () => {
  it('sends a feed page as Brotli, or gzip, the same JSON in fewer bytes', async () => {
    const plain = await feed();
    expect(plain.headers['content-encoding']).toBeUndefined();
    const items = plain.json().data.items as unknown[];
    expect(items).toHaveLength(12);

    const br = await feed('br, gzip');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
    // At the quality for answers made per request (4), not Brotli's default 11, which costs tens of ms a page.
    expect(br.rawPayload.equals(brotliCompressSync(plain.rawPayload, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } }))).toBe(true);

    const gzip = await feed('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(plain.json());
  });

  it('leaves small answers and refusals readable as they are', async () => {
    const health = await app.inject({ method: 'GET', url: '/api/health', headers: { 'accept-encoding': 'br' } });
    expect(health.statusCode).toBe(200);
    expect(health.headers['content-encoding']).toBeUndefined();
    const refused = await app.inject({ method: 'GET', url: '/api/me', headers: { accorgid: ORG, 'accept-encoding': 'br' } });
    expect(refused.statusCode).toBe(401);
    expect(refused.json().code).toBeGreaterThan(0);
  });

  it('does not unpack compressed request bodies: a zip bomb is never inflated', async () => {
    const password = 'correct horse battery'; // what registerUser gives everyone
    const bob = await registerUser(app);
    const login = (body: Buffer, encoding?: string) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { accorgid: ORG, 'content-type': 'application/json', ...(encoding ? { 'content-encoding': encoding } : {}) },
        payload: body,
      });
    const json = Buffer.from(JSON.stringify({ username: bob.username, password }));
    expect((await login(json)).statusCode).toBe(200);
    const packed = await login(gzipSync(json), 'gzip');
    expect(packed.statusCode).toBe(400);
    expect(packed.json().code).toBeGreaterThan(0);
  });
});
