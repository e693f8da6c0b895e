import { AwsV4Signer } from 'aws4fetch';
import type { StorageCredentials } from '@padhub/contracts';
import { completeBody, errorCodeOf, type ListedParts, listedParts, uploadIdOf } from './s3-xml.ts';
import type { StoredPart } from './parts.ts';

/** A refusal or failure of the store: the HTTP status (0 when no answer came) and S3's error code. */
export class StoreError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
  ) {
    super(`${status} ${code}`);
  }
}

/** Encodes a key for a URL path as SigV4 expects it: each segment percent-encoded, slashes kept. */
export function encodeKey(key: string): string {
  return key
    .split('/')
    .map((s) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`))
    .join('/');
}

/**
 * Where an object lives: `<endpoint>/<bucket>/<key>` in path style (the embedded endpoint, MinIO),
 * `<scheme>://<bucket>.<endpoint host>/<key>` virtual-hosted (AWS S3, Aliyun OSS, R2).
 */
export function objectUrl(c: Pick<StorageCredentials, 'endpoint' | 'bucket' | 'pathStyle'>, key: string, query = ''): string {
  const endpoint = new URL(c.endpoint);
  const path = endpoint.pathname.replace(/\/+$/, '');
  const base = c.pathStyle ? `${endpoint.origin}${path}/${c.bucket}` : `${endpoint.protocol}//${c.bucket}.${endpoint.host}${path}`;
  return `${base}/${encodeKey(key)}${query ? `?${query}` : ''}`;
}

/** Signs a request with SigV4 just before it leaves, so a long upload never sends a stale signature. */
async function sign(c: StorageCredentials, method: string, url: string, headers: Record<string, string> = {}) {
  const signer = new AwsV4Signer({
    url,
    method,
    headers,
    accessKeyId: c.accessKeyId,
    secretAccessKey: c.accessKeySecret,
    sessionToken: c.sessionToken,
    service: 's3',
    region: c.region,
  });
  const signed = await signer.sign();
  return { url: signed.url.toString(), headers: Object.fromEntries(signed.headers) };
}

/** Aborts after `ms` or when `outer` aborts (AbortSignal.any and .timeout are too new for older WebViews). */
function deadlineSignal(ms: number, outer?: AbortSignal) {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, Math.max(1, ms));
  const abort = () => controller.abort();
  outer?.addEventListener('abort', abort);
  if (outer?.aborted) controller.abort();
  return {
    signal: controller.signal,
    timedOut: () => timedOut,
    clear: () => {
      clearTimeout(timer);
      outer?.removeEventListener('abort', abort);
    },
  };
}

/** One call with fetch; a status other than the expected one (or an error body inside a 200) throws. */
async function call(c: StorageCredentials, method: string, url: string, init: { headers?: Record<string, string>; body?: string; timeoutMs: number; signal?: AbortSignal }, expected: number) {
  const request = await sign(c, method, url, init.headers);
  const limit = deadlineSignal(init.timeoutMs, init.signal);
  let res: Response;
  try {
    res = await fetch(request.url, { method, headers: request.headers, body: init.body, signal: limit.signal });
  } catch {
    throw new StoreError(0, init.signal?.aborted ? 'Aborted' : limit.timedOut() ? 'Timeout' : 'NetworkError');
  } finally {
    limit.clear();
  }
  const text = await res.text().catch(() => '');
  const code = errorCodeOf(text);
  if (res.status !== expected || (code && text.includes('<Error>'))) throw new StoreError(res.status, code ?? `Http${res.status}`);
  return text;
}

export interface CallOptions {
  timeoutMs: number;
  signal?: AbortSignal;
}

export async function createUpload(c: StorageCredentials, key: string, contentType: string, o: CallOptions): Promise<string> {
  const text = await call(c, 'POST', objectUrl(c, key, 'uploads'), { ...o, headers: { 'content-type': contentType || 'application/octet-stream' } }, 200);
  const uploadId = uploadIdOf(text);
  if (!uploadId) throw new StoreError(200, 'MalformedAnswer');
  return uploadId;
}

/** Every part the store holds for the upload (ListParts answers at most 1000 at a time). */
export async function listParts(c: StorageCredentials, key: string, uploadId: string, o: CallOptions): Promise<StoredPart[]> {
  const parts: StoredPart[] = [];
  let marker = 0;
  for (;;) {
    const query = `uploadId=${encodeURIComponent(uploadId)}${marker ? `&part-number-marker=${marker}` : ''}`;
    const page: ListedParts = listedParts(await call(c, 'GET', objectUrl(c, key, query), o, 200));
    parts.push(...page.parts);
    if (page.nextMarker === null) return parts;
    marker = page.nextMarker;
  }
}

/**
 * Objects are written once: a post checks an object's bytes when it names it, and they must not
 * change afterwards. `If-None-Match: *` (signed, like every header given to `sign`) makes the store
 * refuse to replace an existing key with 412 PreconditionFailed; the S3 session policy refuses an
 * object-creating write (PutObject, CompleteMultipartUpload) that lacks it, and the embedded
 * endpoint refuses every overwrite with user credentials. Any PutObject added here must send it too.
 */
const WRITE_ONCE = { 'if-none-match': '*' } as const;

export async function completeUpload(c: StorageCredentials, key: string, uploadId: string, parts: { partNumber: number; etag: string }[], o: CallOptions) {
  const body = completeBody(parts);
  await call(c, 'POST', objectUrl(c, key, `uploadId=${encodeURIComponent(uploadId)}`), { ...o, body, headers: { 'content-type': 'application/xml', ...WRITE_ONCE } }, 200);
}

export async function abortUpload(c: StorageCredentials, key: string, uploadId: string, o: CallOptions) {
  await call(c, 'DELETE', objectUrl(c, key, `uploadId=${encodeURIComponent(uploadId)}`), o, 204);
}

/**
 * Sends one part with XMLHttpRequest, the one browser API that reports upload progress. Answers
 * the part's ETag (the store exposes it through CORS; null when a store does not, and the
 * uploader then asks ListParts for it).
 */
export async function sendPart(
  c: StorageCredentials,
  key: string,
  uploadId: string,
  partNumber: number,
  body: Blob,
  o: CallOptions & { onProgress?: (loaded: number) => void },
): Promise<string | null> {
  const request = await sign(c, 'PUT', objectUrl(c, key, `partNumber=${partNumber}&uploadId=${encodeURIComponent(uploadId)}`));
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', request.url);
    for (const [name, value] of Object.entries(request.headers)) if (name !== 'host') xhr.setRequestHeader(name, value);
    xhr.timeout = Math.max(1, o.timeoutMs);
    xhr.upload.onprogress = (event) => o.onProgress?.(event.loaded);
    const abort = () => xhr.abort();
    o.signal?.addEventListener('abort', abort);
    const settle = (fn: () => void) => {
      o.signal?.removeEventListener('abort', abort);
      fn();
    };
    xhr.onload = () =>
      settle(() => {
        // The spec's rule: a status 200 counts as success.
        if (xhr.status === 200) resolve(xhr.getResponseHeader('etag'));
        else reject(new StoreError(xhr.status, errorCodeOf(xhr.responseText) ?? `Http${xhr.status}`));
      });
    xhr.onerror = () => settle(() => reject(new StoreError(0, 'NetworkError')));
    xhr.ontimeout = () => settle(() => reject(new StoreError(0, 'Timeout')));
    xhr.onabort = () => settle(() => reject(new StoreError(0, 'Aborted')));
    xhr.send(body);
  });
}

/** Whether the finished object is there, read at its public address (no credentials needed). */
export async function objectSize(publicUrl: string, o: CallOptions): Promise<number | null> {
  const limit = deadlineSignal(o.timeoutMs, o.signal);
  try {
    const res = await fetch(publicUrl, { method: 'HEAD', signal: limit.signal });
    return res.status === 200 ? Number(res.headers.get('content-length')) : null;
  } catch {
    return null;
  } finally {
    limit.clear();
  }
}
