import { Readable } from 'node:stream';
import type { AssumeRoleCommand } from '@aws-sdk/client-sts';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config.ts';
import type { S3StorageConfig } from '#server/storage/config.ts';
import { buildTestApp } from '#server-test/helper.ts';
import { listen, mint, s3With } from '#server-test/storage.ts';
import { partitionOf, roleSessionName, uploadSessionPolicy } from './session-policy.ts';
import { AwsStsIssuer } from './credential-issuers/aws-sts.ts';
import { S3ObjectStore } from './store.ts';

const s3Env = { STORAGE: 's3', S3_REGION: 'eu-central-1', S3_BUCKET: 'padhub-media', S3_ROLE_ARN: 'arn:aws:iam::123456789012:role/padhub-upload' };
const s3Config = (env: Record<string, string> = {}) => loadConfig({ ...s3Env, ...env }).storage as S3StorageConfig;

describe('the session policy', () => {
  it('allows only uploads (and their multipart calls) under the prefix, and only as conditional writes', () => {
    expect(JSON.parse(uploadSessionPolicy('padhub-media', 'u/padhub/42/', 'eu-central-1'))).toEqual({
      Version: '2012-10-17',
      Statement: [
        {
          Sid: 'UploadUnderOwnPrefix',
          Effect: 'Allow',
          Action: ['s3:PutObject', 's3:AbortMultipartUpload', 's3:ListMultipartUploadParts'],
          Resource: ['arn:aws:s3:::padhub-media/u/padhub/42/*'],
        },
        {
          // PutObject and CompleteMultipartUpload without If-None-Match are denied; the multipart
          // calls that take no conditional header (ObjectCreationOperation false) are not.
          Sid: 'WriteOnceOnly',
          Effect: 'Deny',
          Action: 's3:PutObject',
          Resource: ['arn:aws:s3:::padhub-media/u/padhub/42/*'],
          Condition: { Null: { 's3:if-none-match': 'true' }, Bool: { 's3:ObjectCreationOperation': 'true' } },
        },
      ],
    });
  });

  it('denies exactly the object-creating writes that carry no If-None-Match (an evaluation of the policy)', () => {
    const policy = JSON.parse(uploadSessionPolicy('padhub-media', 'u/padhub/42/', 'eu-central-1')) as PolicyDocument;
    const key = 'arn:aws:s3:::padhub-media/u/padhub/42/post/1.jpg';
    const put = (context: Record<string, string>) => evaluate(policy, 's3:PutObject', key, context);
    // PutObject and CompleteMultipartUpload are object-creating operations (true); the others are not.
    expect(put({ 's3:ObjectCreationOperation': 'true' })).toBe('deny');
    expect(put({ 's3:ObjectCreationOperation': 'true', 's3:if-none-match': '*' })).toBe('allow');
    expect(put({ 's3:ObjectCreationOperation': 'false' })).toBe('allow');
    expect(evaluate(policy, 's3:PutObject', 'arn:aws:s3:::padhub-media/u/padhub/43/a.jpg', { 's3:ObjectCreationOperation': 'true', 's3:if-none-match': '*' })).toBe('implicit-deny');
    expect(evaluate(policy, 's3:DeleteObject', key, {})).toBe('implicit-deny');
  });

  it('uses the partition of China and GovCloud regions', () => {
    expect(partitionOf('cn-north-1')).toBe('aws-cn');
    expect(partitionOf('us-gov-west-1')).toBe('aws-us-gov');
    expect(uploadSessionPolicy('b', 'u/o/1/', 'cn-north-1')).toContain('arn:aws-cn:s3:::b/u/o/1/*');
  });

  it('refuses a prefix that would widen the resource', () => {
    expect(() => uploadSessionPolicy('b', 'u/*', 'us-east-1')).toThrow();
  });

  it('names the session after the user, within STS limits', () => {
    expect(roleSessionName('padhub', '42')).toBe('padhub-padhub-42');
    expect(roleSessionName('o'.repeat(80), '1')).toHaveLength(64);
  });
});

describe('S3 configuration', () => {
  it('needs a region, a bucket and a role', () => {
    expect(() => loadConfig({ STORAGE: 's3' })).toThrow(/S3_REGION, S3_BUCKET and S3_ROLE_ARN/);
  });

  it('reads images from bucket + endpoint host (virtual-hosted), or from S3_PUBLIC_URL', () => {
    expect(new S3ObjectStore(s3Config()).publicUrl('u/padhub/1/a b.jpg')).toBe('https://padhub-media.s3.eu-central-1.amazonaws.com/u/padhub/1/a%20b.jpg');
    expect(new S3ObjectStore(s3Config({ S3_ENDPOINT: 'https://oss-cn-hangzhou.aliyuncs.com' })).publicUrl('k')).toBe('https://padhub-media.oss-cn-hangzhou.aliyuncs.com/k');
    expect(new S3ObjectStore(s3Config({ S3_ENDPOINT: 'http://minio:9000', S3_PATH_STYLE: 'true' })).publicUrl('k')).toBe('http://minio:9000/padhub-media/k');
    expect(new S3ObjectStore(s3Config({ S3_PUBLIC_URL: 'https://cdn.example.com/' })).publicUrl('k')).toBe('https://cdn.example.com/k');
  });

  it('asks STS for at least 900 seconds, its minimum', () => {
    expect(s3Config({ STORAGE_CREDENTIAL_SECONDS: '120' }).credentialSeconds).toBe(900);
    expect(s3Config({ STORAGE_CREDENTIAL_SECONDS: '3600' }).credentialSeconds).toBe(3600);
    expect(() => s3Config({ STORAGE_CREDENTIAL_SECONDS: '7200' })).toThrow();
  });
});

describe('credentials from STS AssumeRole', () => {
  it('assumes the role with the session policy and the configured lifetime, and answers what STS gave', async () => {
    const calls: AssumeRoleCommand['input'][] = [];
    const expiration = new Date(Date.now() + 900_000);
    const sts = {
      send: async (command: AssumeRoleCommand) => {
        calls.push(command.input);
        return { Credentials: { AccessKeyId: 'ASIATEST', SecretAccessKey: 'secret', SessionToken: 'token', Expiration: expiration }, $metadata: {} };
      },
    };
    const config = s3Config();
    if (config.issuer.kind !== 'aws-sts') throw new Error('aws-sts is the default');
    const store = new S3ObjectStore(config, { issuer: new AwsStsIssuer(config, config.issuer, sts) });
    const creds = await store.issueCredentials({ orgId: 'padhub', userId: '42', origin: 'http://ignored' });
    expect(calls).toEqual([
      {
        RoleArn: s3Env.S3_ROLE_ARN,
        RoleSessionName: 'padhub-padhub-42',
        DurationSeconds: 900,
        Policy: uploadSessionPolicy('padhub-media', 'u/padhub/42/', 'eu-central-1'),
      },
    ]);
    expect(creds).toMatchObject({
      accessKeyId: 'ASIATEST',
      secretAccessKey: 'secret',
      sessionToken: 'token',
      expiration,
      prefix: 'u/padhub/42/',
      bucket: 'padhub-media',
      region: 'eu-central-1',
      endpoint: 'https://s3.eu-central-1.amazonaws.com',
      pathStyle: false,
      publicBaseUrl: 'https://padhub-media.s3.eu-central-1.amazonaws.com',
    });
    // A second ask soon after shares the grant instead of calling STS again.
    await store.issueCredentials({ orgId: 'padhub', userId: '42', origin: '' });
    expect(calls).toHaveLength(1);
    await store.issueCredentials({ orgId: 'padhub', userId: '43', origin: '' });
    expect(calls).toHaveLength(2);
  });
});

describe('objects, against the embedded S3-compatible endpoint', async () => {
  const app = await buildTestApp();
  const { endpoint } = await listen(app);
  // The server's own credentials: full access, as the S3 store's would be.
  const client = s3With(mint(app, endpoint, { prefix: '', access: 'full' }), { requestChecksumCalculation: 'WHEN_REQUIRED' });
  const store = new S3ObjectStore(s3Config({ S3_ENDPOINT: endpoint, S3_BUCKET: 'padhub', S3_PATH_STYLE: 'true' }), { s3: client });
  const text = async (body: Readable) => Buffer.concat(await body.toArray()).toString();

  it('puts, heads, reads a range and deletes', async () => {
    await store.put('t/a.webp', Buffer.from('0123456789'), 'image/webp');
    expect(await store.head('t/a.webp')).toMatchObject({ size: 10, contentType: 'image/webp' });
    const part = await store.get('t/a.webp', { start: 2, end: 5 });
    expect(part).toMatchObject({ size: 10, range: { start: 2, end: 5 } });
    expect(await text(part!.body)).toBe('2345');
    await store.delete('t/a.webp');
    expect(await store.head('t/a.webp')).toBeNull();
    expect(await store.get('t/a.webp')).toBeNull();
  });

  it('puts a stream larger than one part as a multipart upload', async () => {
    const chunk = Buffer.alloc(1024 * 1024, 9);
    await store.put('t/big.bin', Readable.from(Array.from({ length: 9 }, () => chunk)), 'application/octet-stream');
    const info = await store.head('t/big.bin');
    expect(info?.size).toBe(9 * 1024 * 1024);
    expect(info?.etag).toMatch(/-2"$/);
  });

  it('puts a small stream as one object', async () => {
    await store.put('t/small.txt', Readable.from([Buffer.from('small')]), 'text/plain');
    expect(await text((await store.get('t/small.txt'))!.body)).toBe('small');
  });

  it('answers no bytes for a range past the end', async () => {
    await store.put('t/tiny.bin', Buffer.from('ab'), 'application/octet-stream');
    const past = await store.get('t/tiny.bin', { start: 10, end: 20 });
    expect(await text(past!.body)).toBe('');
  });
});

interface PolicyStatement {
  Effect: 'Allow' | 'Deny';
  Action: string | string[];
  Resource: string | string[];
  Condition?: Record<string, Record<string, string>>;
}
interface PolicyDocument {
  Statement: PolicyStatement[];
}

/**
 * IAM's evaluation for the operators the session policy uses (explicit Deny wins, then Allow, else
 * implicit deny; `Null: true` holds when the key is absent; `Bool` compares the value; a missing
 * key makes `Bool` false). Resources match with `*` as a wildcard.
 */
function evaluate(policy: PolicyDocument, action: string, resource: string, context: Record<string, string>): 'allow' | 'deny' | 'implicit-deny' {
  const list = (v: string | string[]) => [v].flat();
  const matches = (pattern: string, value: string) => new RegExp(`^${pattern.split('*').map((p) => p.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('.*')}$`).test(value);
  const holds = (condition: PolicyStatement['Condition']) =>
    Object.entries(condition ?? {}).every(([operator, keys]) =>
      Object.entries(keys).every(([name, expected]) => {
        if (operator === 'Null') return (context[name] === undefined) === (expected === 'true');
        if (operator === 'Bool') return context[name] !== undefined && context[name] === expected;
        throw new Error(`operator ${operator} is not modelled here`);
      }),
    );
  const applies = policy.Statement.filter((s) => list(s.Action).includes(action) && list(s.Resource).some((r) => matches(r, resource)) && holds(s.Condition));
  if (applies.some((s) => s.Effect === 'Deny')) return 'deny';
  return applies.some((s) => s.Effect === 'Allow') ? 'allow' : 'implicit-deny';
}
