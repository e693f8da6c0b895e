import { AssumeRoleCommand, STSClient } from '@aws-sdk/client-sts';
import type { CredentialIssuerConfig, S3StorageConfig } from '#server/storage/config.ts';
import { roleSessionName, uploadSessionPolicy } from '#server/storage/s3/session-policy.ts';
import type { CredentialGrant, CredentialIssuer, IssuedCredentials } from './issuer.ts';

/** AWS STS AssumeRole narrowed by an inline session policy (AWS S3; MinIO's STS speaks it too). */
export class AwsStsIssuer implements CredentialIssuer {
  private readonly sts: Pick<STSClient, 'send'>;

  constructor(
    private readonly config: Pick<S3StorageConfig, 'region' | 'bucket' | 'accessKeyId' | 'secretAccessKey'>,
    private readonly settings: Extract<CredentialIssuerConfig, { kind: 'aws-sts' }>,
    sts?: Pick<STSClient, 'send'>,
  ) {
    const credentials = config.accessKeyId && config.secretAccessKey ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey } : undefined;
    this.sts = sts ?? new STSClient({ region: config.region, endpoint: settings.stsEndpoint, credentials });
  }

  async issue({ orgId, userId, prefix, seconds }: CredentialGrant): Promise<IssuedCredentials> {
    const answer = await this.sts.send(
      new AssumeRoleCommand({
        RoleArn: this.settings.roleArn,
        RoleSessionName: roleSessionName(orgId, userId),
        DurationSeconds: seconds,
        Policy: uploadSessionPolicy(this.config.bucket, prefix, this.config.region),
      }),
    );
    const c = answer.Credentials;
    if (!c?.AccessKeyId || !c.SecretAccessKey || !c.SessionToken || !c.Expiration) throw new Error('STS AssumeRole answered without credentials');
    return { accessKeyId: c.AccessKeyId, secretAccessKey: c.SecretAccessKey, sessionToken: c.SessionToken, expiration: c.Expiration };
  }
}
