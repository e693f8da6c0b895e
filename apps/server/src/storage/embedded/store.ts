import { createHash } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { Readable, Transform } from 'node:stream';
import type { EmbeddedStorageConfig } from '#server/storage/config.ts';
import { type EmbeddedCredentials, type ObjectFiles, encodeKey } from '@padhub/s3-endpoint';
import { type ByteRange, type CredentialRequest, type ListedObject, type ObjectBody, type ObjectInfo, type ObjectStore, type UploadCredentials, userPrefix } from '#server/storage/object-store.ts';

/** The ObjectStore over the embedded endpoint's files; credentials are minted here, checked by the endpoint. */
export class EmbeddedObjectStore implements ObjectStore {
  constructor(
    private readonly files: ObjectFiles,
    private readonly credentials: EmbeddedCredentials,
    private readonly config: EmbeddedStorageConfig,
    /** Where the endpoint is mounted on this server. */
    private readonly basePath: string,
  ) {}

  async issueCredentials({ orgId, userId, origin, epoch = 0 }: CredentialRequest): Promise<UploadCredentials> {
    const prefix = userPrefix(orgId, userId);
    const expiresAt = new Date(Date.now() + this.config.credentialSeconds * 1000);
    const minted = this.credentials.mint({ orgId, userId, prefix, access: 'upload', expiresAt, epoch });
    const endpoint = this.endpoint(origin);
    return { ...minted, region: this.config.region, endpoint, bucket: this.config.bucket, prefix, pathStyle: true, publicBaseUrl: `${endpoint}/${this.config.bucket}` };
  }

  async head(key: string): Promise<ObjectInfo | null> {
    const meta = await this.files.readMeta(key);
    return meta && { size: meta.size, contentType: meta.contentType, etag: meta.etag, lastModified: new Date(meta.lastModified) };
  }

  async get(key: string, range?: ByteRange): Promise<ObjectBody | null> {
    const read = await this.files.read(key, range);
    if (!read) return null;
    const { object } = read;
    return {
      body: read.body,
      size: object.size,
      contentType: object.contentType,
      etag: object.etag,
      lastModified: new Date(object.lastModified),
      ...(range ? { range: { start: read.start, end: read.end } } : {}),
    };
  }

  async put(key: string, body: Buffer | Readable, contentType: string): Promise<void> {
    const md5 = createHash('md5');
    let size = 0;
    const meter = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        md5.update(chunk);
        size += chunk.length;
        callback(null, chunk);
      },
    });
    const temp = await this.files.receive(Buffer.isBuffer(body) ? Readable.from([body]) : body, [meter]);
    try {
      await this.files.commit(key, [{ path: temp, size }], { contentType, etag: `"${md5.digest('hex')}"` });
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await this.files.remove(key);
  }

  async *list(prefix: string): AsyncGenerator<ListedObject> {
    for await (const object of this.files.list(prefix)) yield { key: object.key, size: object.size, lastModified: new Date(object.lastModified) };
  }

  publicUrl(key: string, origin?: string): string {
    return `${this.endpoint(origin)}/${this.config.bucket}/${encodeKey(key)}`;
  }

  browserOrigins(): string[] {
    // Served by this server unless STORAGE_PUBLIC_URL puts it elsewhere (a CDN in front).
    return this.config.publicUrl ? [new URL(this.config.publicUrl).origin] : [];
  }

  /** STORAGE_PUBLIC_URL, else this server as the client reached it, else a same-origin path. */
  private endpoint(origin: string | undefined): string {
    return this.config.publicUrl ?? `${origin ?? ''}${this.basePath}`;
  }
}
