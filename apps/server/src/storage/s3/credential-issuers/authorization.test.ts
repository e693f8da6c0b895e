import { describe, expect, it } from 'vitest';
import { errorCatalogue, storageCredentialsSchema } from '@padhub/contracts';
import { buildTestApp, data, registerUser } from '#server-test/helper.ts';
import { localServer } from '#server-test/local-http.ts';

/** GET /api/external/authorization with STORAGE=s3 and each non-AWS issuer, its cloud API played by a local server. */
const account = '023e105f4ecef8ad9ca31a8372d0c353';

describe('the authorization route over Aliyun STS', async () => {
  let failing = false;
  const sts = await localServer((request) => {
    if (failing) return { status: 403, body: { RequestId: 'R-9', Code: 'NoPermission', Message: 'You are not authorized to do this action.' } };
    const policy = new URLSearchParams(request.body).get('Policy') ?? '';
    const resource = (JSON.parse(policy) as { Statement: { Resource: string[] }[] }).Statement[0]?.Resource[0] ?? '';
    // The session token carries the resource, so the test can see whose prefix each grant names.
    return { status: 200, body: { RequestId: 'R-1', Credentials: { AccessKeyId: 'STS.key', AccessKeySecret: 'secret', SecurityToken: resource, Expiration: '2031-01-01T00:00:00Z' } } };
  });
  const app = await buildTestApp({
    STORAGE: 's3',
    S3_CREDENTIALS: 'aliyun-sts',
    S3_REGION: 'cn-hangzhou',
    S3_BUCKET: 'padhub-media',
    S3_ENDPOINT: 'https://s3.oss-cn-hangzhou.aliyuncs.com',
    S3_ROLE_ARN: 'acs:ram::1234567890123456:role/padhub-upload',
    S3_ACCESS_KEY_ID: 'LTAI-server',
    S3_SECRET_ACCESS_KEY: 'server-secret',
    ALIYUN_STS_ENDPOINT: sts.url,
  });
  const authorization = (headers: Record<string, string>) => app.inject({ method: 'GET', url: '/api/external/authorization', headers });

  it('answers the same shape as on AWS, for OSS, scoped to the asker', async () => {
    const actor = await registerUser(app);
    const creds = storageCredentialsSchema.parse(data(await authorization(actor.headers)));
    expect(creds).toMatchObject({
      region: 'cn-hangzhou',
      accessKeyId: 'STS.key',
      accessKeySecret: 'secret',
      sessionToken: `acs:oss:*:*:padhub-media/u/padhub/${actor.id}/*`,
      endpoint: 'https://s3.oss-cn-hangzhou.aliyuncs.com',
      endPoint: 'https://s3.oss-cn-hangzhou.aliyuncs.com',
      bucket: 'padhub-media',
      prefix: `u/padhub/${actor.id}/`,
      expiration: '2031-01-01T00:00:00.000Z',
    });
    const other = await registerUser(app);
    expect(storageCredentialsSchema.parse(data(await authorization(other.headers))).sessionToken).toBe(`acs:oss:*:*:padhub-media/u/padhub/${other.id}/*`);
  });

  it('asks nothing of STS for an anonymous caller', async () => {
    const calls = sts.received.length;
    const res = await authorization({ accorgid: 'padhub' });
    expect(res.statusCode).toBe(401);
    expect(sts.received).toHaveLength(calls);
  });

  it("answers 503 unavailable when STS refuses, and none of STS's words", async () => {
    failing = true;
    const res = await authorization((await registerUser(app)).headers);
    failing = false;
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ code: errorCatalogue.unavailable.code });
    expect(res.body).not.toContain('NoPermission');
  });
});

describe('the authorization route over R2', async () => {
  const api = await localServer((request) => {
    const { prefixes } = JSON.parse(request.body) as { prefixes: string[] };
    return { status: 200, body: { success: true, errors: [], messages: [], result: { accessKeyId: 'temp-key', secretAccessKey: 'temp-secret', sessionToken: prefixes.join() } } };
  });
  const app = await buildTestApp({
    STORAGE: 's3',
    S3_CREDENTIALS: 'r2',
    S3_BUCKET: 'padhub-media',
    S3_PATH_STYLE: '1',
    S3_PUBLIC_URL: 'https://media.example.com',
    S3_ACCESS_KEY_ID: 'r2-key',
    S3_SECRET_ACCESS_KEY: 'r2-secret',
    R2_ACCOUNT_ID: account,
    R2_API_TOKEN: 'cf-token',
    R2_API_ENDPOINT: api.url,
  });

  it("answers R2's keys for the account endpoint, path style, scoped to the asker, for the configured lifetime", async () => {
    const actor = await registerUser(app);
    const before = Date.now();
    const creds = storageCredentialsSchema.parse(data(await app.inject({ method: 'GET', url: '/api/external/authorization', headers: actor.headers })));
    expect(creds).toMatchObject({
      region: 'auto',
      accessKeyId: 'temp-key',
      accessKeySecret: 'temp-secret',
      sessionToken: `u/padhub/${actor.id}/`,
      endpoint: `https://${account}.r2.cloudflarestorage.com`,
      bucket: 'padhub-media',
      prefix: `u/padhub/${actor.id}/`,
      pathStyle: true,
      publicBaseUrl: 'https://media.example.com',
    });
    expect(Date.parse(creds.expiration)).toBeGreaterThanOrEqual(before + 900_000);
    expect(Date.parse(creds.expiration)).toBeLessThanOrEqual(Date.now() + 900_000);
  });
});
