import type { Readable } from 'node:stream';

/**
 * What the rest of the server knows about object storage (STYLE rule 6): nothing here says which
 * backend runs. `openStorage` (storage/open-storage.ts) picks the embedded endpoint or S3.
 */
export interface ObjectStore {
  /** Short-lived credentials that can write under `prefix` only (multipart included) and nothing else. */
  issueCredentials(request: CredentialRequest): Promise<UploadCredentials>;
  head(key: string): Promise<ObjectInfo | null>;
  /** The object's bytes, or the inclusive `range` of them (video seeking, sniffing the first bytes); null when missing. */
  get(key: string, range?: ByteRange): Promise<ObjectBody | null>;
  put(key: string, body: Buffer | Readable, contentType: string): Promise<void>;
  /** Deleting a missing object is not an error, as in S3. */
  delete(key: string): Promise<void>;
  /**
   * Every object whose key starts with `prefix`, in no particular order: what the sweeps of unused
   * uploads and of a deregistered account's files walk. Server-side only (user credentials cannot list).
   */
  list(prefix: string): AsyncIterable<ListedObject>;
  /**
   * Where a browser reads the object. `origin` (the requesting page's origin) matters only for the
   * embedded endpoint without STORAGE_PUBLIC_URL; without it the answer is a same-origin path.
   */
  publicUrl(key: string, origin?: string): string;
  /** Other origins a browser reads media from and uploads to (the page's Content-Security-Policy lets them in). */
  browserOrigins?(): string[];
}

export interface CredentialRequest {
  orgId: string;
  userId: string;
  /** Origin (scheme://host[:port]) of the request that asked, e.g. `http://127.0.0.1:8080`. */
  origin: string;
  /** The person's credential epoch (`credential-epochs.ts`): the embedded store's credentials carry it. */
  epoch?: number;
}

export interface UploadCredentials {
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken: string;
  /** S3 endpoint the client signs for (with its path, e.g. `http://host/storage` for the embedded one). */
  endpoint: string;
  bucket: string;
  /** The client may write keys starting with this only. */
  prefix: string;
  expiration: Date;
  pathStyle: boolean;
  /** Base URL that `<base>/<key>` reads an object from. */
  publicBaseUrl: string;
}

export interface ObjectInfo {
  size: number;
  contentType: string;
  etag: string | null;
  lastModified: Date | null;
}

export interface ListedObject {
  key: string;
  size: number;
  lastModified: Date;
}

/** Inclusive byte offsets, as in an HTTP Range header; `end` past the object's end is cut to it. */
export interface ByteRange {
  start: number;
  end?: number;
}

export interface ObjectBody extends ObjectInfo {
  body: Readable;
  /** The inclusive range actually answered, when one was asked for. */
  range?: { start: number; end: number };
}

/** Where a user's uploads live: `u/<orgId>/<userId>/`. Nobody else's credentials reach it. */
export function userPrefix(orgId: string, userId: string): string {
  if (!/^[\w.-]+$/.test(orgId) || !/^[\w.-]+$/.test(userId)) throw new Error('ids must not contain path characters');
  return `u/${orgId}/${userId}/`;
}
