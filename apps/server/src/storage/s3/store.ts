import { Readable } from 'node:stream';
import { encodeKey } from '@padhub/s3-endpoint';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import type { S3StorageConfig } from '#server/storage/config.ts';
import { type ByteRange, type CredentialRequest, type ListedObject, type ObjectBody, type ObjectInfo, type ObjectStore, type UploadCredentials, userPrefix } from '#server/storage/object-store.ts';
import { type CredentialIssuer, CredentialIssueError, type IssuedCredentials } from './credential-issuers/issuer.ts';
import { openIssuer } from './credential-issuers/open-issuer.ts';

/** Server-side uploads of streams go in parts of this size (S3's minimum is 5 MiB). */
const STREAM_PART_BYTES = 8 * 1024 * 1024;

export interface S3Clients {
  s3?: S3Client;
  /** Unset: the one S3_CREDENTIALS names, loaded on the first grant. */
  issuer?: CredentialIssuer;
}

/**
 * The ObjectStore over any S3-compatible store (AWS S3, MinIO, Aliyun OSS's S3 API, R2). Upload
 * credentials come from the store's own service (credential-issuers/), narrowed to the user's prefix.
 */
export class S3ObjectStore implements ObjectStore {
  private readonly s3: S3Client;
  private issuer: CredentialIssuer | undefined;
  private readonly endpoint: string;
  private readonly publicBase: string;
  /** Per prefix: STS is rate-limited, and a client asking twice in a minute can share one grant. */
  private readonly issued = new Map<string, UploadCredentials>();

  constructor(
    private readonly config: S3StorageConfig,
    clients: S3Clients = {},
  ) {
    const credentials = config.accessKeyId && config.secretAccessKey ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey } : undefined;
    this.s3 =
      clients.s3 ??
      new S3Client({
        region: config.region,
        endpoint: config.endpoint,
        forcePathStyle: config.pathStyle,
        credentials,
        // Many S3-compatible stores reject the SDK's newer default checksums (aws-chunked trailers).
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
      });
    this.issuer = clients.issuer;
    const suffix = config.region.startsWith('cn-') ? 'amazonaws.com.cn' : 'amazonaws.com';
    this.endpoint = config.endpoint ?? `https://s3.${config.region}.${suffix}`;
    const url = new URL(this.endpoint);
    this.publicBase = config.publicUrl ?? (config.pathStyle ? `${this.endpoint}/${config.bucket}` : `${url.protocol}//${config.bucket}.${url.host}`);
  }

  async issueCredentials({ orgId, userId }: CredentialRequest): Promise<UploadCredentials> {
    const prefix = userPrefix(orgId, userId);
    const cached = this.issued.get(prefix);
    if (cached && cached.expiration.getTime() - Date.now() > (this.config.credentialSeconds * 1000) / 2) return cached;
    let c: IssuedCredentials;
    try {
      this.issuer ??= await openIssuer(this.config);
      c = await this.issuer.issue({ orgId, userId, prefix, seconds: this.config.credentialSeconds });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new CredentialIssueError(`upload credentials (${this.config.issuer.kind}) failed: ${reason}`, { cause: error });
    }
    const credentials: UploadCredentials = {
      region: this.config.region,
      accessKeyId: c.accessKeyId,
      secretAccessKey: c.secretAccessKey,
      sessionToken: c.sessionToken,
      expiration: c.expiration,
      endpoint: this.endpoint,
      bucket: this.config.bucket,
      prefix,
      pathStyle: this.config.pathStyle,
      publicBaseUrl: this.publicBase,
    };
    if (this.issued.size > 10_000) this.issued.clear();
    this.issued.set(prefix, credentials);
    return credentials;
  }

  async head(key: string): Promise<ObjectInfo | null> {
    try {
      const o = await this.s3.send(new HeadObjectCommand({ Bucket: this.config.bucket, Key: key }));
      return { size: o.ContentLength ?? 0, contentType: o.ContentType ?? 'application/octet-stream', etag: o.ETag ?? null, lastModified: o.LastModified ?? null };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async get(key: string, range?: ByteRange): Promise<ObjectBody | null> {
    try {
      const o = await this.s3.send(
        new GetObjectCommand({ Bucket: this.config.bucket, Key: key, Range: range ? `bytes=${range.start}-${range.end ?? ''}` : undefined }),
      );
      const answered = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(o.ContentRange ?? '');
      return {
        body: o.Body as Readable,
        size: answered ? Number(answered[3]) : (o.ContentLength ?? 0),
        contentType: o.ContentType ?? 'application/octet-stream',
        etag: o.ETag ?? null,
        lastModified: o.LastModified ?? null,
        ...(range ? { range: answered ? { start: Number(answered[1]), end: Number(answered[2]) } : { start: 0, end: (o.ContentLength ?? 0) - 1 } } : {}),
      };
    } catch (error) {
      if (isMissing(error)) return null;
      // S3 answers 416 for a range past the end (a zero-byte object included): that is no bytes.
      if (range && (error as { name?: string }).name === 'InvalidRange') {
        const info = await this.head(key);
        return info && { ...info, body: Readable.from([]), range: { start: range.start, end: range.start - 1 } };
      }
      throw error;
    }
  }

  async put(key: string, body: Buffer | Readable, contentType: string): Promise<void> {
    if (Buffer.isBuffer(body)) {
      await this.s3.send(new PutObjectCommand({ Bucket: this.config.bucket, Key: key, Body: body, ContentType: contentType }));
      return;
    }
    await this.putStream(key, body, contentType);
  }

  async delete(key: string): Promise<void> {
    await this.s3.send(new DeleteObjectCommand({ Bucket: this.config.bucket, Key: key }));
  }

  /** ListObjectsV2, a page of up to 1000 keys at a time. */
  async *list(prefix: string): AsyncGenerator<ListedObject> {
    let token: string | undefined;
    do {
      const page = await this.s3.send(new ListObjectsV2Command({ Bucket: this.config.bucket, Prefix: prefix, ContinuationToken: token }));
      for (const o of page.Contents ?? []) {
        if (o.Key) yield { key: o.Key, size: o.Size ?? 0, lastModified: o.LastModified ?? new Date(0) };
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  publicUrl(key: string): string {
    return `${this.publicBase}/${encodeKey(key)}`;
  }

  browserOrigins(): string[] {
    // Reads come from the public base; uploads go to the bucket's virtual host or the path-style endpoint.
    const upload = this.config.pathStyle ? this.endpoint : `${new URL(this.endpoint).protocol}//${this.config.bucket}.${new URL(this.endpoint).host}`;
    return [...new Set([new URL(this.publicBase).origin, new URL(upload).origin])];
  }

  /** A stream of unknown length: one PutObject if it is small, else a multipart upload, aborted on failure. */
  private async putStream(key: string, body: Readable, contentType: string) {
    const target = { Bucket: this.config.bucket, Key: key };
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    let uploadId: string | undefined;
    const parts: { PartNumber: number; ETag: string | undefined }[] = [];
    const sendPart = async () => {
      uploadId ??= (await this.s3.send(new CreateMultipartUploadCommand({ ...target, ContentType: contentType }))).UploadId;
      const PartNumber = parts.length + 1;
      const answer = await this.s3.send(new UploadPartCommand({ ...target, UploadId: uploadId, PartNumber, Body: Buffer.concat(pending) }));
      parts.push({ PartNumber, ETag: answer.ETag });
      pending = [];
      pendingBytes = 0;
    };
    try {
      for await (const chunk of body) {
        pending.push(chunk as Buffer);
        pendingBytes += (chunk as Buffer).length;
        if (pendingBytes >= STREAM_PART_BYTES) await sendPart();
      }
      if (!uploadId) {
        await this.s3.send(new PutObjectCommand({ ...target, Body: Buffer.concat(pending), ContentType: contentType }));
        return;
      }
      if (pendingBytes > 0) await sendPart();
      await this.s3.send(new CompleteMultipartUploadCommand({ ...target, UploadId: uploadId, MultipartUpload: { Parts: parts } }));
    } catch (error) {
      if (uploadId) await this.s3.send(new AbortMultipartUploadCommand({ ...target, UploadId: uploadId })).catch(() => undefined);
      throw error;
    }
  }
}

function isMissing(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NotFound' || e.name === 'NoSuchKey' || e.$metadata?.httpStatusCode === 404;
}
