import path from 'node:path';
import { z } from 'zod';
import { flag } from '#server/lib/env.ts';

const bucketName = z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'an S3 bucket name');
/** The storage settings of the environment (README.md, "Configuration"; docs/storage.md). */
export const storageEnv = {
  STORAGE: z.enum(['embedded', 's3']).default('embedded'),
  STORAGE_BUCKET: bucketName.default('padhub'),
  STORAGE_REGION: z.string().min(1).default('us-east-1'),
  STORAGE_SECRET: z.string().min(32, 'at least 32 characters').optional(),
  STORAGE_PUBLIC_URL: z.string().url().optional(),
  STORAGE_CREDENTIAL_SECONDS: z.coerce.number().int().min(60).max(3600).default(900),
  // MiB each person may upload per day (UTC) through the embedded endpoint; 0: no quota.
  STORAGE_UPLOAD_QUOTA_MB: z.coerce.number().int().min(0).default(4096),
  // Uploads that no post, avatar or goods names are deleted once this old.
  STORAGE_ORPHAN_HOURS: z.coerce.number().int().min(1).default(24),
  S3_ENDPOINT: z.string().url().optional(),
  S3_REGION: z.string().min(1).optional(),
  S3_BUCKET: bucketName.optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_ROLE_ARN: z.string().min(1).optional(),
  S3_STS_ENDPOINT: z.string().url().optional(),
  S3_PATH_STYLE: flag.default(false),
  S3_PUBLIC_URL: z.string().url().optional(),
  // Where upload credentials come from (storage/s3/credential-issuers/): AWS STS (AWS, MinIO),
  // Aliyun STS (OSS) or Cloudflare's R2 temporary credentials.
  S3_CREDENTIALS: z.enum(['aws-sts', 'aliyun-sts', 'r2']).default('aws-sts'),
  ALIYUN_STS_ENDPOINT: z.string().url().default('https://sts.aliyuncs.com'),
  R2_ACCOUNT_ID: z.string().regex(/^[0-9a-f]{32}$/, 'a Cloudflare account id (32 hex digits)').optional(),
  R2_API_TOKEN: z.string().min(1).optional(),
  R2_API_ENDPOINT: z.string().url().default('https://api.cloudflare.com/client/v4'),
};

type StorageEnv = z.output<z.ZodObject<typeof storageEnv>>;

/** Object storage: the embedded S3-compatible endpoint under /storage, or a real S3-compatible store. */
export type StorageConfig = EmbeddedStorageConfig | S3StorageConfig;

export interface EmbeddedStorageConfig {
  kind: 'embedded';
  /** Objects live under this directory (DATA_DIR/objects). */
  dir: string;
  bucket: string;
  region: string;
  /** Signs upload credentials; unset: generated once and kept in DATA_DIR/storage-secret. */
  secret: string | undefined;
  secretFile: string;
  /** Unset: the origin of the request that asked for credentials, plus /storage. */
  publicUrl: string | undefined;
  credentialSeconds: number;
  /** Bytes each person may upload per day (UTC); null: no quota. */
  dailyUploadQuotaBytes: number | null;
}

export interface S3StorageConfig {
  kind: 's3';
  /** Unset: AWS's own endpoint for the region. */
  endpoint: string | undefined;
  region: string;
  bucket: string;
  /** Unset: the SDK's default chain (environment, instance role). */
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  /** How upload credentials are obtained (S3_CREDENTIALS). */
  issuer: CredentialIssuerConfig;
  pathStyle: boolean;
  /** Where images are read from; unset: bucket + endpoint host (virtual-hosted style). */
  publicUrl: string | undefined;
  /** STS grants at least 900 seconds. */
  credentialSeconds: number;
}

/** Each narrows a grant to the user's prefix its own way: a session policy, a RAM policy, R2's `prefixes`. */
export type CredentialIssuerConfig =
  /** AssumeRole on `roleArn`; unset endpoint: AWS STS for the region. */
  | { kind: 'aws-sts'; roleArn: string; stsEndpoint: string | undefined }
  /** Aliyun STS AssumeRole, signed with the server's RAM AccessKey (S3_ACCESS_KEY_ID/S3_SECRET_ACCESS_KEY). */
  | { kind: 'aliyun-sts'; roleArn: string; stsEndpoint: string; accessKeyId: string; accessKeySecret: string }
  /** Cloudflare's temp-access-credentials, derived from the R2 token whose key id is `parentAccessKeyId`. */
  | { kind: 'r2'; accountId: string; apiToken: string; apiEndpoint: string; parentAccessKeyId: string };

export function storageConfig(e: StorageEnv, dataDir: string): StorageConfig {
  if (e.STORAGE === 'embedded') {
    return {
      kind: 'embedded',
      dir: path.join(dataDir, 'objects'),
      bucket: e.STORAGE_BUCKET,
      region: e.STORAGE_REGION,
      secret: e.STORAGE_SECRET,
      secretFile: path.join(dataDir, 'storage-secret'),
      publicUrl: e.STORAGE_PUBLIC_URL?.replace(/\/+$/, ''),
      credentialSeconds: e.STORAGE_CREDENTIAL_SECONDS,
      dailyUploadQuotaBytes: e.STORAGE_UPLOAD_QUOTA_MB === 0 ? null : e.STORAGE_UPLOAD_QUOTA_MB * 1024 * 1024,
    };
  }
  // R2 signs for the region `auto` and has one endpoint per account.
  const r2 = e.S3_CREDENTIALS === 'r2';
  const region = e.S3_REGION ?? (r2 ? 'auto' : undefined);
  const endpoint = e.S3_ENDPOINT ?? (r2 && e.R2_ACCOUNT_ID ? `https://${e.R2_ACCOUNT_ID}.r2.cloudflarestorage.com` : undefined);
  const bucket = e.S3_BUCKET;
  if (!region || !bucket) throw new Error(`Invalid configuration: STORAGE=s3 needs S3_REGION, S3_BUCKET${r2 ? '' : ' and S3_ROLE_ARN'}`);
  return {
    kind: 's3',
    endpoint: endpoint?.replace(/\/+$/, ''),
    region,
    bucket,
    accessKeyId: e.S3_ACCESS_KEY_ID,
    secretAccessKey: e.S3_SECRET_ACCESS_KEY,
    issuer: issuerConfig(e),
    pathStyle: e.S3_PATH_STYLE,
    publicUrl: e.S3_PUBLIC_URL?.replace(/\/+$/, ''),
    credentialSeconds: Math.max(900, e.STORAGE_CREDENTIAL_SECONDS),
  };
}

/** What each S3_CREDENTIALS needs beside region and bucket; refused with the names of what is missing. */
function issuerConfig(e: StorageEnv): CredentialIssuerConfig {
  const missing = (what: Record<string, string | undefined>, hint: string) =>
    new Error(`Invalid configuration: S3_CREDENTIALS=${e.S3_CREDENTIALS} needs ${Object.keys(what).filter((name) => !what[name]).join(', ')} (${hint})`);
  switch (e.S3_CREDENTIALS) {
    case 'aws-sts':
      if (!e.S3_ROLE_ARN) throw new Error('Invalid configuration: STORAGE=s3 needs S3_REGION, S3_BUCKET and S3_ROLE_ARN');
      return { kind: 'aws-sts', roleArn: e.S3_ROLE_ARN, stsEndpoint: e.S3_STS_ENDPOINT };
    case 'aliyun-sts': {
      const { S3_ROLE_ARN: roleArn, S3_ACCESS_KEY_ID: accessKeyId, S3_SECRET_ACCESS_KEY: accessKeySecret } = e;
      if (!roleArn || !accessKeyId || !accessKeySecret) {
        throw missing({ S3_ROLE_ARN: roleArn, S3_ACCESS_KEY_ID: accessKeyId, S3_SECRET_ACCESS_KEY: accessKeySecret }, "the uploader role and the RAM user's AccessKey that may assume it");
      }
      if (!roleArn.startsWith('acs:ram::')) throw new Error('Invalid configuration: S3_ROLE_ARN: a RAM role ARN (acs:ram::<account id>:role/<name>)');
      return { kind: 'aliyun-sts', roleArn, stsEndpoint: e.ALIYUN_STS_ENDPOINT.replace(/\/+$/, ''), accessKeyId, accessKeySecret };
    }
    case 'r2': {
      const { R2_ACCOUNT_ID: accountId, R2_API_TOKEN: apiToken, S3_ACCESS_KEY_ID: parentAccessKeyId, S3_SECRET_ACCESS_KEY: secret, S3_PUBLIC_URL: publicUrl } = e;
      // R2 serves nothing publicly from its S3 endpoint: reads need the bucket's public domain.
      if (!accountId || !apiToken || !parentAccessKeyId || !secret || !publicUrl) {
        throw missing(
          { R2_ACCOUNT_ID: accountId, R2_API_TOKEN: apiToken, S3_ACCESS_KEY_ID: parentAccessKeyId, S3_SECRET_ACCESS_KEY: secret, S3_PUBLIC_URL: publicUrl },
          "the account, an API token that may create temporary credentials, the R2 token's S3 keys, and the bucket's public domain",
        );
      }
      return { kind: 'r2', accountId, apiToken, apiEndpoint: e.R2_API_ENDPOINT.replace(/\/+$/, ''), parentAccessKeyId };
    }
  }
}
