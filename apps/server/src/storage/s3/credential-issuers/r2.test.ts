import { describe, expect, it } from 'vitest';
import { localServer } from '#server-test/local-http.ts';
import { R2Issuer } from './r2.ts';

const account = '023e105f4ecef8ad9ca31a8372d0c353';
const settings = { kind: 'r2' as const, accountId: account, apiToken: 'cf-api-token', parentAccessKeyId: 'parent-key-id' };
const grant = { orgId: 'padhub', userId: '42', prefix: 'u/padhub/42/', seconds: 900 };

describe('credentials from R2 temp-access-credentials (against a local HTTP server)', async () => {
  // Checks what Cloudflare's API would, and answers in its v4 envelope.
  const api = await localServer((request) => {
    const refuse = (message: string) => ({ status: 400, body: { success: false, errors: [{ code: 10001, message }], messages: [], result: null } });
    if (request.headers.authorization !== 'Bearer cf-api-token') return { status: 403, body: { success: false, errors: [{ code: 10000, message: 'Authentication error' }], messages: [], result: null } };
    if (request.method !== 'POST' || request.url !== `/client/v4/accounts/${account}/r2/temp-access-credentials`) return refuse(`${request.method} ${request.url}`);
    if (request.headers['content-type'] !== 'application/json') return refuse('not JSON');
    try {
      expect(JSON.parse(request.body)).toEqual({ bucket: 'padhub-media', parentAccessKeyId: 'parent-key-id', permission: 'object-read-write', ttlSeconds: 900, prefixes: ['u/padhub/42/'] });
    } catch {
      return refuse(`body ${request.body}`);
    }
    return { status: 200, body: { success: true, errors: [], messages: [], result: { accessKeyId: 'temp-key', secretAccessKey: 'temp-secret', sessionToken: 'temp-token' } } };
  });
  const issuer = new R2Issuer('padhub-media', { ...settings, apiEndpoint: `${api.url}/client/v4` });

  it('asks for read-write keys on the bucket under the prefix for the lifetime, and maps the answer', async () => {
    const before = Date.now();
    const credentials = await issuer.issue(grant);
    const after = Date.now();
    expect(credentials).toMatchObject({ accessKeyId: 'temp-key', secretAccessKey: 'temp-secret', sessionToken: 'temp-token' });
    // R2 answers no expiry: it is the lifetime asked for, counted from before the call.
    expect(credentials.expiration.getTime()).toBeGreaterThanOrEqual(before + 900_000);
    expect(credentials.expiration.getTime()).toBeLessThanOrEqual(after + 900_000);
  });

  it("turns the API's error envelope into an error that names its codes", async () => {
    const wrongToken = new R2Issuer('padhub-media', { ...settings, apiToken: 'revoked', apiEndpoint: `${api.url}/client/v4` });
    await expect(wrongToken.issue(grant)).rejects.toThrow(/answered 403: 10000 Authentication error/);
    await expect(issuer.issue({ ...grant, prefix: 'u/padhub/43/' })).rejects.toThrow(/answered 400: 10001 body/);
  });
});

describe('R2 answers that are not credentials', async () => {
  const api = await localServer((request) =>
    request.body.includes('u/padhub/1/') ? { status: 200, body: { success: true, errors: [], messages: [], result: { accessKeyId: 'k' } } } : { status: 500, body: 'upstream error' },
  );
  const issuer = new R2Issuer('padhub-media', { ...settings, apiEndpoint: api.url });

  it('refuses an answer without every credential, and a body that is not JSON', async () => {
    await expect(issuer.issue({ ...grant, prefix: 'u/padhub/1/' })).rejects.toThrow(/without credentials/);
    await expect(issuer.issue(grant)).rejects.toThrow(/Cloudflare API answered 500 with a body that is not JSON/);
  });
});
