import { PutObjectCommand } from '@aws-sdk/client-s3';
import { describe, expect, it } from 'vitest';
import { errorCatalogue, storageCredentialsSchema } from '@padhub/contracts';
import { buildTestApp, data, ORG, OTHER_ORG, registerUser } from '#server-test/helper.ts';
import { listen, s3With } from '#server-test/storage.ts';

const app = await buildTestApp({ STORAGE_CREDENTIAL_SECONDS: '900' });
const { origin } = await listen(app);
const authorization = (headers: Record<string, string>) => app.inject({ method: 'GET', url: '/api/external/authorization', headers });

describe('GET /api/external/authorization', () => {
  it("answers short-lived credentials scoped to the user's own prefix, under both endpoint spellings", async () => {
    const actor = await registerUser(app);
    const res = await authorization({ ...actor.headers, host: '127.0.0.1:9999' });
    expect(res.headers['cache-control']).toBe('no-store');
    const creds = storageCredentialsSchema.parse(data(res));
    expect(creds).toMatchObject({
      region: 'us-east-1',
      bucket: 'padhub',
      prefix: `u/${ORG}/${actor.id}/`,
      endpoint: 'http://127.0.0.1:9999/storage',
      endPoint: 'http://127.0.0.1:9999/storage',
      pathStyle: true,
      publicBaseUrl: 'http://127.0.0.1:9999/storage/padhub',
    });
    const lifetime = Date.parse(creds.expiration) - Date.now();
    expect(lifetime).toBeGreaterThan(0);
    expect(lifetime).toBeLessThanOrEqual(3600 * 1000);
    expect(creds.accessKeySecret).not.toBe('');
    expect(creds.sessionToken).not.toBe('');
  });

  it('answers credentials that work against the endpoint they name', async () => {
    const actor = await registerUser(app);
    const res = await fetch(`${origin}/api/external/authorization`, { headers: actor.headers });
    const creds = storageCredentialsSchema.parse(((await res.json()) as { data: unknown }).data);
    expect(creds.endpoint).toBe(`${origin}/storage`);
    await s3With(creds).send(new PutObjectCommand({ Bucket: creds.bucket, Key: `${creds.prefix}first.jpg`, Body: 'x' }));
    expect((await fetch(`${creds.publicBaseUrl}/${creds.prefix}first.jpg`)).status).toBe(200);
  });

  it('gives each user a different prefix and keys of their own', async () => {
    const one = await registerUser(app);
    const two = await registerUser(app);
    const a = data(await authorization(one.headers));
    const b = data(await authorization(two.headers));
    expect(a.prefix).not.toBe(b.prefix);
    expect(b.accessKeyId).not.toBe(a.accessKeyId);
  });

  it('hands back the credentials already issued while they are fresh, so starting the app never uses up the upload allowance', async () => {
    const strict = await buildTestApp({ RATE_LIMITS: 'upload.user=2/1800' });
    const reader = await registerUser(strict);
    const ask = (host: string) => strict.inject({ method: 'GET', url: '/api/external/authorization', headers: { ...reader.headers, host } });
    const first = data(await ask('localhost'));
    for (let start = 0; start < 5; start += 1) expect(data(await ask('localhost'))).toEqual(first);
    // Another origin (another loopback name) names another endpoint: new credentials, counted.
    expect(data(await ask('127.0.0.1')).endpoint).toBe('http://127.0.0.1/storage');
    const over = await ask('[::1]');
    expect([over.statusCode, over.json().code]).toEqual([429, errorCatalogue.rate_limited.code]);
    const stranger = await registerUser(strict);
    expect(data(await strict.inject({ method: 'GET', url: '/api/external/authorization', headers: { ...stranger.headers, host: 'localhost' } })).accessKeyId).not.toBe(first.accessKeyId);
  });

  it('scopes the prefix by organisation', async () => {
    const other = await registerUser(app, { org: OTHER_ORG });
    expect(data(await authorization(other.headers)).prefix).toBe(`u/${OTHER_ORG}/${other.id}/`);
  });

  it('needs a login', async () => {
    const res = await authorization({ accorgid: ORG });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe(errorCatalogue.login_required.code);
  });

  it('refuses a made-up token and a token sent with another organisation', async () => {
    const actor = await registerUser(app);
    expect((await authorization({ accorgid: ORG, token: 'made-up' })).json().code).toBe(errorCatalogue.token_invalid.code);
    expect((await authorization({ ...actor.headers, accorgid: OTHER_ORG })).statusCode).toBe(401);
  });

  it('needs the organisation header', async () => {
    const actor = await registerUser(app);
    const res = await authorization({ token: actor.token });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(errorCatalogue.organisation_required.code);
  });
});

describe('configured public URL', async () => {
  const behindProxy = await buildTestApp({ STORAGE_PUBLIC_URL: 'https://media.example.com/storage/', STORAGE_CREDENTIAL_SECONDS: '60' });
  it('names STORAGE_PUBLIC_URL as the endpoint whatever host the request used', async () => {
    const actor = await registerUser(behindProxy);
    const creds = data(await behindProxy.inject({ method: 'GET', url: '/api/external/authorization', headers: actor.headers }));
    expect(creds.endpoint).toBe('https://media.example.com/storage');
    expect(creds.endPoint).toBe('https://media.example.com/storage');
    expect(Date.parse(creds.expiration) - Date.now()).toBeLessThanOrEqual(60_000);
  });
});
