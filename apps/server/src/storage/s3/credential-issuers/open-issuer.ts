import type { S3StorageConfig } from '#server/storage/config.ts';
import type { CredentialIssuer } from './issuer.ts';

/** Loaded only when used: the AWS SDK's STS client is not needed for OSS or R2. */
export async function openIssuer(config: S3StorageConfig): Promise<CredentialIssuer> {
  const { issuer } = config;
  switch (issuer.kind) {
    case 'aws-sts': {
      const { AwsStsIssuer } = await import('./aws-sts.ts');
      return new AwsStsIssuer(config, issuer);
    }
    case 'aliyun-sts': {
      const { AliyunStsIssuer } = await import('./aliyun-sts.ts');
      return new AliyunStsIssuer(config.bucket, issuer);
    }
    case 'r2': {
      const { R2Issuer } = await import('./r2.ts');
      return new R2Issuer(config.bucket, issuer);
    }
  }
}
