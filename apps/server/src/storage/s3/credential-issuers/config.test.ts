import { describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config.ts';
import type { S3StorageConfig } from '#server/storage/config.ts';

const base = { STORAGE: 's3', S3_BUCKET: 'padhub-media' };
const storage = (env: Record<string, string>) => loadConfig({ ...base, ...env }).storage as S3StorageConfig;
const account = '023e105f4ecef8ad9ca31a8372d0c353';

describe('S3_CREDENTIALS', () => {
  it('is AWS STS unless said otherwise', () => {
    expect(storage({ S3_REGION: 'eu-central-1', S3_ROLE_ARN: 'arn:aws:iam::1:role/up' }).issuer).toEqual({ kind: 'aws-sts', roleArn: 'arn:aws:iam::1:role/up', stsEndpoint: undefined });
    expect(() => loadConfig({ ...base, S3_CREDENTIALS: 'gcs' })).toThrow(/S3_CREDENTIALS/);
  });

  it('aliyun-sts needs a RAM role and the AccessKey that assumes it, and names what is missing', () => {
    const env = { S3_CREDENTIALS: 'aliyun-sts', S3_REGION: 'cn-hangzhou', S3_ENDPOINT: 'https://s3.oss-cn-hangzhou.aliyuncs.com' };
    expect(() => storage(env)).toThrow('S3_CREDENTIALS=aliyun-sts needs S3_ROLE_ARN, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY');
    const keys = { S3_ACCESS_KEY_ID: 'LTAI-server', S3_SECRET_ACCESS_KEY: 'secret' };
    expect(() => storage({ ...env, ...keys })).toThrow(/needs S3_ROLE_ARN \(/);
    expect(() => storage({ ...env, ...keys, S3_ROLE_ARN: 'arn:aws:iam::1:role/up' })).toThrow(/a RAM role ARN/);
    expect(storage({ ...env, ...keys, S3_ROLE_ARN: 'acs:ram::1:role/up', ALIYUN_STS_ENDPOINT: 'https://sts.cn-hangzhou.aliyuncs.com/' }).issuer).toEqual({
      kind: 'aliyun-sts',
      roleArn: 'acs:ram::1:role/up',
      stsEndpoint: 'https://sts.cn-hangzhou.aliyuncs.com',
      accessKeyId: 'LTAI-server',
      accessKeySecret: 'secret',
    });
    expect(storage({ ...env, ...keys, S3_ROLE_ARN: 'acs:ram::1:role/up' }).issuer).toMatchObject({ stsEndpoint: 'https://sts.aliyuncs.com' });
  });

  it('r2 needs the account, an API token, the R2 keys and a public URL; region and endpoint follow the account', () => {
    expect(() => storage({ S3_CREDENTIALS: 'r2' })).toThrow('S3_CREDENTIALS=r2 needs R2_ACCOUNT_ID, R2_API_TOKEN, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, S3_PUBLIC_URL');
    expect(() => storage({ S3_CREDENTIALS: 'r2', R2_ACCOUNT_ID: 'not-an-account' })).toThrow(/R2_ACCOUNT_ID: a Cloudflare account id/);
    const config = storage({
      S3_CREDENTIALS: 'r2',
      R2_ACCOUNT_ID: account,
      R2_API_TOKEN: 'cf-token',
      S3_ACCESS_KEY_ID: 'r2-key',
      S3_SECRET_ACCESS_KEY: 'r2-secret',
      S3_PUBLIC_URL: 'https://media.example.com',
    });
    expect(config).toMatchObject({ region: 'auto', endpoint: `https://${account}.r2.cloudflarestorage.com`, publicUrl: 'https://media.example.com' });
    expect(config.issuer).toEqual({ kind: 'r2', accountId: account, apiToken: 'cf-token', apiEndpoint: 'https://api.cloudflare.com/client/v4', parentAccessKeyId: 'r2-key' });
  });
});
