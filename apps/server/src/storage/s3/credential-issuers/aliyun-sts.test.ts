import { describe, expect, it } from 'vitest';
import { localServer, type Received } from '#server-test/local-http.ts';
import { signRpc } from './aliyun-signature.ts';
import { AliyunStsIssuer, aliyunSessionName, ossUploadPolicy } from './aliyun-sts.ts';

const settings = {
  kind: 'aliyun-sts' as const,
  roleArn: 'acs:ram::1234567890123456:role/padhub-upload',
  accessKeyId: 'LTAI-server',
  accessKeySecret: 'server-secret',
};
const grant = { orgId: 'padhub', userId: '42', prefix: 'u/padhub/42/', seconds: 900 };

/** The policy a grant for u/padhub/42/ must carry, written out rather than rebuilt by the code under test. */
const expectedPolicy = {
  Version: '1',
  Statement: [
    {
      Effect: 'Allow',
      Action: ['oss:PutObject', 'oss:AbortMultipartUpload', 'oss:ListParts'],
      Resource: ['acs:oss:*:*:padhub-media/u/padhub/42/*'],
    },
  ],
};

/**
 * What Aliyun STS checks of an AssumeRole call, and its answer in the documented shape: the signature
 * over the form parameters as received, the common parameters, a fresh nonce and timestamp, the role,
 * the session name, the lifetime and the policy.
 */
function stsCheck(request: Received, nonces: Set<string>): string | null {
  if (request.method !== 'POST' || request.url !== '/') return `${request.method} ${request.url}`;
  if (request.headers['content-type'] !== 'application/x-www-form-urlencoded') return 'not a form';
  // Aliyun's encoding never uses +, so URLSearchParams decodes it exactly.
  const params = Object.fromEntries(new URLSearchParams(request.body));
  const { Signature: signature, ...signed } = params;
  if (!signature || signRpc('POST', signed, settings.accessKeySecret) !== signature) return 'SignatureDoesNotMatch';
  const expected = { Action: 'AssumeRole', Version: '2015-04-01', Format: 'JSON', AccessKeyId: settings.accessKeyId, SignatureMethod: 'HMAC-SHA1', SignatureVersion: '1.0' };
  for (const [name, value] of Object.entries(expected)) if (params[name] !== value) return `${name}=${params[name]}`;
  if (!params.SignatureNonce || nonces.has(params.SignatureNonce)) return 'SignatureNonceUsed';
  nonces.add(params.SignatureNonce);
  const timestamp = params.Timestamp ?? '';
  if (!/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/.test(timestamp) || Math.abs(Date.parse(timestamp) - Date.now()) > 15 * 60_000) return 'InvalidTimeStamp';
  if (params.RoleArn !== settings.roleArn) return `RoleArn=${params.RoleArn}`;
  if (params.RoleSessionName !== 'padhub-padhub-42') return `RoleSessionName=${params.RoleSessionName}`;
  if (params.DurationSeconds !== '900') return `DurationSeconds=${params.DurationSeconds}`;
  try {
    expect(JSON.parse(params.Policy ?? '')).toEqual(expectedPolicy);
  } catch {
    return `Policy=${params.Policy}`;
  }
  return null;
}

describe('credentials from Aliyun STS AssumeRole (against a local HTTP server)', async () => {
  const nonces = new Set<string>();
  const expiration = '2031-04-09T11:52:19Z';
  const sts = await localServer((request) => {
    const problem = stsCheck(request, nonces);
    if (problem) return { status: 400, body: { RequestId: 'R-1', HostId: 'sts.aliyuncs.com', Code: 'InvalidParameter', Message: problem } };
    return {
      status: 200,
      body: {
        RequestId: '6894B13B-6D71-4EF5-88FA-F32781734A7F',
        AssumedRoleUser: { Arn: `${settings.roleArn}/padhub-padhub-42`, AssumedRoleId: '34458433936495:padhub-padhub-42' },
        Credentials: { SecurityToken: 'CAIS-token', Expiration: expiration, AccessKeySecret: 'session-secret', AccessKeyId: 'STS.session-key' },
      },
    };
  });
  const issuer = new AliyunStsIssuer('padhub-media', { ...settings, stsEndpoint: sts.url });

  it('signs the call, sends the role, the lifetime and the prefix policy, and maps the answer', async () => {
    const credentials = await issuer.issue(grant);
    expect(credentials).toEqual({ accessKeyId: 'STS.session-key', secretAccessKey: 'session-secret', sessionToken: 'CAIS-token', expiration: new Date(expiration) });
  });

  it('asks for a new nonce each time', async () => {
    await issuer.issue(grant);
    await issuer.issue(grant);
    expect(nonces.size).toBeGreaterThanOrEqual(2);
  });

  it('keeps the lifetime within what STS accepts (900 to 3600 seconds)', async () => {
    const received = sts.received.length;
    await expect(issuer.issue({ ...grant, seconds: 7200 })).rejects.toThrow(/DurationSeconds=3600/);
    expect(sts.received).toHaveLength(received + 1);
  });

  it("turns STS's error answer into an error that names its code and message", async () => {
    const wrongKey = new AliyunStsIssuer('padhub-media', { ...settings, accessKeySecret: 'not-the-secret', stsEndpoint: sts.url });
    await expect(wrongKey.issue(grant)).rejects.toThrow(/400 InvalidParameter: SignatureDoesNotMatch \(RequestId R-1\)/);
  });
});

describe('answers that are not credentials', async () => {
  const odd = await localServer((request) =>
    new URLSearchParams(request.body).get('RoleSessionName') === 'padhub-padhub-1'
      ? { status: 502, body: '<html>Bad gateway</html>' }
      : { status: 200, body: { RequestId: 'R-2', Credentials: { AccessKeyId: 'STS.x' } } },
  );
  const issuer = new AliyunStsIssuer('padhub-media', { ...settings, stsEndpoint: odd.url });

  it('refuses a body that is not JSON, and an answer without every credential', async () => {
    await expect(issuer.issue({ ...grant, userId: '1', prefix: 'u/padhub/1/' })).rejects.toThrow(/Aliyun STS answered 502 with a body that is not JSON/);
    await expect(issuer.issue(grant)).rejects.toThrow(/without credentials \(RequestId R-2\)/);
  });
});

describe('the OSS upload policy and session name', () => {
  it('allows the upload actions (multipart included) under the prefix only', () => {
    expect(JSON.parse(ossUploadPolicy('padhub-media', 'u/padhub/42/'))).toEqual(expectedPolicy);
  });

  it('refuses a prefix that would widen the resource', () => {
    expect(() => ossUploadPolicy('b', 'u/*')).toThrow();
  });

  it('names the session within STS limits (letters, digits, . @ - _; at most 64)', () => {
    expect(aliyunSessionName('padhub', '42')).toBe('padhub-padhub-42');
    expect(aliyunSessionName('o+r=g', '1')).toBe('padhub-o_r_g-1');
    expect(aliyunSessionName('o'.repeat(80), '1')).toHaveLength(64);
  });
});
