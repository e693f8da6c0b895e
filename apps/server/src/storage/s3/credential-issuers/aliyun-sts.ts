import { randomUUID } from 'node:crypto';
import type { CredentialIssuerConfig } from '#server/storage/config.ts';
import { percentEncode, signRpc } from './aliyun-signature.ts';
import { type CredentialGrant, type CredentialIssuer, type IssuedCredentials, ISSUER_TIMEOUT_MS, readJson } from './issuer.ts';

type AliyunSettings = Extract<CredentialIssuerConfig, { kind: 'aliyun-sts' }>;

/**
 * Aliyun STS AssumeRole (API version 2015-04-01, RPC style), narrowed by an inline RAM policy to
 * the user's prefix; the token then signs S3-API uploads to OSS (`x-amz-security-token`).
 * https://www.alibabacloud.com/help/en/ram/developer-reference/api-sts-2015-04-01-assumerole
 */
export class AliyunStsIssuer implements CredentialIssuer {
  constructor(
    private readonly bucket: string,
    private readonly settings: AliyunSettings,
  ) {}

  async issue({ orgId, userId, prefix, seconds }: CredentialGrant): Promise<IssuedCredentials> {
    const params = assumeRoleParams(this.settings, {
      RoleArn: this.settings.roleArn,
      RoleSessionName: aliyunSessionName(orgId, userId),
      // STS takes 900 to 3600 (at most the role's MaxSessionDuration).
      DurationSeconds: String(Math.min(3600, Math.max(900, seconds))),
      Policy: ossUploadPolicy(this.bucket, prefix),
    });
    const body = Object.entries(params)
      .map(([name, value]) => `${percentEncode(name)}=${percentEncode(value)}`)
      .join('&');
    const res = await fetch(`${this.settings.stsEndpoint}/`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body,
      signal: AbortSignal.timeout(ISSUER_TIMEOUT_MS),
    });
    const answer = (await readJson(res, 'Aliyun STS')) as AssumeRoleAnswer;
    if (!res.ok) throw new Error(`Aliyun STS AssumeRole answered ${res.status} ${answer.Code ?? ''}: ${answer.Message ?? ''} (RequestId ${answer.RequestId ?? '?'})`);
    const c = answer.Credentials;
    const expiration = new Date(c?.Expiration ?? '');
    if (!c?.AccessKeyId || !c.AccessKeySecret || !c.SecurityToken || Number.isNaN(expiration.getTime())) {
      throw new Error(`Aliyun STS AssumeRole answered without credentials (RequestId ${answer.RequestId ?? '?'})`);
    }
    return { accessKeyId: c.AccessKeyId, secretAccessKey: c.AccessKeySecret, sessionToken: c.SecurityToken, expiration };
  }
}

interface AssumeRoleAnswer {
  RequestId?: string;
  Code?: string;
  Message?: string;
  Credentials?: { AccessKeyId?: string; AccessKeySecret?: string; SecurityToken?: string; Expiration?: string };
}

/** The common RPC parameters around the action's own, signed; `now` and `nonce` fixed only by tests. */
function assumeRoleParams(
  settings: Pick<AliyunSettings, 'accessKeyId' | 'accessKeySecret'>,
  action: Record<string, string>,
  now = new Date(),
  nonce = randomUUID(),
): Record<string, string> {
  const params: Record<string, string> = {
    Action: 'AssumeRole',
    Version: '2015-04-01',
    Format: 'JSON',
    AccessKeyId: settings.accessKeyId,
    SignatureMethod: 'HMAC-SHA1',
    SignatureVersion: '1.0',
    SignatureNonce: nonce,
    // ISO 8601 in UTC without milliseconds, as the documentation writes it.
    Timestamp: now.toISOString().replace(/\.\d{3}Z$/, 'Z'),
    ...action,
  };
  return { ...params, Signature: signRpc('POST', params, settings.accessKeySecret) };
}

/**
 * The RAM policy (RAM's "Version": "1" language) for one grant. OSS authorises InitiateMultipartUpload,
 * UploadPart and CompleteMultipartUpload as `oss:PutObject`; AbortMultipartUpload and ListParts
 * have actions of their own (OSS API reference, "Permissions" of each operation). The session
 * gets the intersection of this and the role's own policy.
 */
export function ossUploadPolicy(bucket: string, prefix: string): string {
  if (/[*?]/.test(prefix)) throw new Error('a prefix must not hold policy wildcards');
  return JSON.stringify({
    Version: '1',
    Statement: [
      {
        Effect: 'Allow',
        Action: ['oss:PutObject', 'oss:AbortMultipartUpload', 'oss:ListParts'],
        Resource: [`acs:oss:*:*:${bucket}/${prefix}*`],
      },
    ],
  });
}

/** RoleSessionName: 2 to 64 characters of letters, digits, `.`, `@`, `-` and `_`; it shows in ActionTrail. */
export function aliyunSessionName(orgId: string, userId: string): string {
  return `padhub-${orgId}-${userId}`.replace(/[^\w.@-]/g, '_').slice(0, 64);
}
