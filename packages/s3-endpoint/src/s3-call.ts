import type { FastifyReply, FastifyRequest } from 'fastify';
import { isSafeKey } from './keys.ts';
import type { EmbeddedCredentials, SessionClaims } from './credentials.ts';
import type { MultipartUploads } from './multipart.ts';
import type { ObjectFiles } from './object-files.ts';
import { S3Error } from './s3-error.ts';
import { type Authenticated, authenticate } from './signature.ts';
import type { MinProgress } from './slow-uploads.ts';
import type { UploadQuota } from './quota.ts';

export interface EndpointDeps {
  files: ObjectFiles;
  uploads: MultipartUploads;
  credentials: EmbeddedCredentials;
  quota: UploadQuota;
  /** The person's current credential epoch; null without a database (the upload bench): nothing is revoked. */
  epochOf: ((userId: string) => Promise<number>) | null;
  bucket: string;
  region: string;
  /** The largest picture a body may bring (`limits.ts`, kindLimit). */
  imageMaxBytes: number;
  /** An upload's body must bring this much in each window, or it is cut (slow-uploads.ts). */
  minProgress?: MinProgress;
  /** Told of what is stored and refused, as it happens (the mounting app's metrics); none by default. */
  events?: EndpointEvents;
}

/** What the endpoint tells whoever mounts it about writes: figures only, never a key or a person. */
export interface EndpointEvents {
  /** Bytes written: a whole object, or one part of a multipart upload. */
  bytesStored(bytes: number): void;
  /** An object stored: a PUT, or a completed multipart upload. */
  objectStored(): void;
  /** A write (a PUT of an object or a part, a POST of a multipart upload) refused, by its S3 error code. */
  writeRefused(code: string): void;
}

/** One request to the endpoint, parsed: which object, which sub-resource, and how to check its signature. */
export interface S3Call {
  req: FastifyRequest;
  reply: FastifyReply;
  deps: EndpointDeps;
  key: string;
  query: Map<string, string[]>;
  /** The path as received, still percent-encoded: what the signature covers. */
  rawPath: string;
  /** Where the endpoint is mounted, e.g. `/storage`. */
  basePath: string;
}

export function queryParam(call: S3Call, name: string): string | undefined {
  return call.query.get(name)?.[0];
}

/**
 * Checks the signature, then that the key lies under the credentials' prefix: the rule that keeps
 * every user inside `u/<org>/<user>/`. `delete` is for the server's own credentials only; user
 * credentials, like the S3 session policy, can put and assemble objects but not remove them.
 */
export async function authorise(call: S3Call, action: 'write' | 'delete'): Promise<Authenticated> {
  if (!isSafeKey(call.key)) throw new S3Error('InvalidArgument', 'Object keys may not be empty, longer than 1024 bytes, or hold empty, "." or ".." segments or control characters.');
  const auth = await authenticate(
    { method: call.req.method, rawPath: call.rawPath, query: call.query, headers: call.req.headers },
    { region: call.deps.region, credentials: call.deps.credentials },
  );
  if (!call.key.startsWith(auth.claims.prefix)) throw new S3Error('AccessDenied', 'These credentials may only write under their own prefix.');
  if (action === 'delete' && auth.claims.access !== 'full') throw new S3Error('AccessDenied', 'These credentials may not delete objects.');
  if (await revoked(call, auth.claims)) throw revokedError();
  return auth;
}

async function revoked(call: S3Call, claims: SessionClaims): Promise<boolean> {
  const { epochOf } = call.deps;
  return epochOf !== null && claims.access === 'upload' && claims.epoch < (await epochOf(claims.userId));
}

/** ExpiredToken, as for credentials past their time: the uploader fetches new ones (and gets them only if still allowed). */
function revokedError() {
  return new S3Error('ExpiredToken', 'These credentials were revoked (the account signed out, was banned or deregistered). Fetch new ones.');
}

/**
 * After a write is committed: if its credentials were revoked while it ran, the object goes again.
 * A deregistration raises the epoch before its prefix delete lists the objects, so a write either
 * sees the new epoch here or is committed early enough for that delete to find it.
 */
export async function undoIfRevoked(call: S3Call, claims: SessionClaims): Promise<void> {
  if (!(await revoked(call, claims))) return;
  await call.deps.files.remove(call.key);
  throw revokedError();
}

export function contentTypeOf(call: S3Call): string {
  const value = call.req.headers['content-type'];
  return typeof value === 'string' && value.length > 0 && value.length <= 255 ? value : 'application/octet-stream';
}

/**
 * Whether a PutObject or CompleteMultipartUpload may only create its key, never replace it: always
 * for user credentials (a post checks an object once, so its bytes must not change afterwards;
 * the S3 session policy demands the same through `If-None-Match: *`), and for any caller that
 * sends `If-None-Match: *`, as S3 does. S3 takes no other value of that header on a write.
 */
export function createsOnly(call: S3Call, auth: Authenticated): boolean {
  const header = call.req.headers['if-none-match'];
  if (header !== undefined && header.trim() !== '*') throw new S3Error('NotImplemented', 'If-None-Match on a write takes only "*".');
  return header !== undefined || auth.claims.access === 'upload';
}
