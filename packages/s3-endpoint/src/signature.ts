import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { HttpRequest } from '@smithy/protocol-http';
import { SignatureV4 } from '@smithy/signature-v4';
import type { EmbeddedCredentials, SessionClaims } from './credentials.ts';
import { S3Error } from './s3-error.ts';

type Bytes = ArrayBuffer | ArrayBufferView;
const toBuffer = (data: Bytes) => (ArrayBuffer.isView(data) ? Buffer.from(data.buffer, data.byteOffset, data.byteLength) : Buffer.from(data));

/** node:crypto behind the hash interface the AWS signer takes (what @smithy/hash-node does). */
export class NodeSha256 {
  private readonly hash;
  constructor(secret?: string | Bytes) {
    if (secret === undefined) this.hash = createHash('sha256');
    else this.hash = createHmac('sha256', typeof secret === 'string' ? secret : toBuffer(secret));
  }
  update(data: string | Bytes) {
    this.hash.update(typeof data === 'string' ? data : toBuffer(data));
  }
  digest(): Promise<Uint8Array> {
    return Promise.resolve(this.hash.digest());
  }
}

export const UNSIGNED_PAYLOAD = 'UNSIGNED-PAYLOAD';
const ALGORITHM = 'AWS4-HMAC-SHA256';
const MAX_SKEW_MS = 15 * 60 * 1000;
const MAX_PRESIGNED_SECONDS = 7 * 24 * 3600;
const PRESIGN_PARAMS = ['X-Amz-Algorithm', 'X-Amz-Credential', 'X-Amz-Date', 'X-Amz-Expires', 'X-Amz-SignedHeaders', 'X-Amz-Signature', 'X-Amz-Security-Token'];

export interface IncomingSigned {
  method: string;
  /** The path as received, still percent-encoded. */
  rawPath: string;
  query: Map<string, string[]>;
  headers: IncomingHttpHeaders;
}

export interface Authenticated {
  claims: SessionClaims;
  /** x-amz-content-sha256 as signed: a hex digest, UNSIGNED-PAYLOAD or STREAMING-… */
  payloadHash: string;
}

interface ParsedAuth {
  accessKeyId: string;
  scopeDate: string;
  region: string;
  service: string;
  signedHeaders: string[];
  signature: string;
  amzDate: string;
  sessionToken: string | undefined;
  expiresIn?: number;
}

/**
 * Verifies an S3 request signed (Authorization header or presigned query) with credentials this
 * server issued: recomputes the signature with the AWS SDK's own signer and compares in constant
 * time, then checks expiry. The caller checks that the key lies under `claims.prefix`.
 */
export async function authenticate(
  req: IncomingSigned,
  options: { region: string; credentials: EmbeddedCredentials; now?: Date },
): Promise<Authenticated> {
  const now = options.now ?? new Date();
  const presigned = req.query.has('X-Amz-Signature');
  const auth = presigned ? parsePresigned(req.query) : parseHeader(req.headers);
  const signingDate = parseAmzDate(auth.amzDate);
  if (auth.scopeDate !== auth.amzDate.slice(0, 8)) throw new S3Error('AuthorizationHeaderMalformed', 'The credential date does not match the request date.');
  if (auth.region !== options.region) throw new S3Error('AuthorizationHeaderMalformed', `The region '${auth.region}' is wrong; expecting '${options.region}'.`);
  if (auth.service !== 's3') throw new S3Error('AuthorizationHeaderMalformed', 'The credential must be scoped to the s3 service.');
  if (presigned) {
    if (now.getTime() > signingDate.getTime() + (auth.expiresIn ?? 0) * 1000) throw new S3Error('AccessDenied', 'Request has expired.');
    if (signingDate.getTime() - now.getTime() > MAX_SKEW_MS) throw new S3Error('RequestTimeTooSkewed', 'The request time is too far ahead of the server time.');
  } else if (Math.abs(now.getTime() - signingDate.getTime()) > MAX_SKEW_MS) {
    throw new S3Error('RequestTimeTooSkewed', 'The difference between the request time and the server time is too large.');
  }
  if (!auth.signedHeaders.includes('host')) throw new S3Error('AccessDenied', 'The host header must be signed.');
  if (!auth.sessionToken) throw new S3Error('InvalidAccessKeyId', 'The access key needs its session token (x-amz-security-token).');
  const opened = options.credentials.open(auth.sessionToken);
  if (!opened) throw new S3Error('InvalidToken', 'The provided token is malformed or otherwise invalid.');
  if (opened.claims.accessKeyId !== auth.accessKeyId) throw new S3Error('InvalidAccessKeyId', 'The access key does not belong to this session token.');

  // Presigners hoist x-amz-content-sha256 into the query under either spelling; keep the one used.
  const contentParam = presigned ? [...req.query.keys()].find((name) => name.toLowerCase() === 'x-amz-content-sha256') : undefined;
  const contentHash = contentParam === undefined ? undefined : req.query.get(contentParam)?.[0];
  const payloadHash = presigned ? (contentHash ?? UNSIGNED_PAYLOAD) : headerValue(req.headers, 'x-amz-content-sha256');
  if (!payloadHash) throw new S3Error('InvalidRequest', 'Missing required header for this request: x-amz-content-sha256.');

  const signer = new SignatureV4({
    service: 's3',
    region: options.region,
    credentials: { accessKeyId: auth.accessKeyId, secretAccessKey: opened.secretAccessKey, sessionToken: auth.sessionToken },
    sha256: NodeSha256,
    uriEscapePath: false,
    applyChecksum: false,
  });
  const headers: Record<string, string> = {};
  for (const name of auth.signedHeaders) {
    const value = headerValue(req.headers, name);
    if (value === undefined) throw new S3Error('AccessDenied', `The signed header ${name} is missing.`);
    headers[name] = value;
  }
  const request = new HttpRequest({ method: req.method, protocol: 'http:', hostname: 'storage', path: canonicalPath(req.rawPath), headers, query: signedQuery(req.query, presigned, contentParam) });
  const signableHeaders = new Set(auth.signedHeaders);
  let expected: string | undefined;
  if (presigned) {
    // S3 presigned URLs sign UNSIGNED-PAYLOAD unless X-Amz-Content-Sha256 rides in the query; a body
    // that is not a buffer makes the signer use UNSIGNED-PAYLOAD, and a header it hoists back.
    if (contentParam !== undefined && contentHash !== undefined) request.headers[contentParam] = contentHash;
    else request.body = {};
    const presignedRequest = await signer.presign(request, { signingDate, expiresIn: auth.expiresIn, signableHeaders, unhoistableHeaders: signableHeaders });
    expected = firstOf(presignedRequest.query?.['X-Amz-Signature']);
  } else {
    const signed = await signer.sign(request, { signingDate, signableHeaders });
    expected = /Signature=([0-9a-f]{64})$/.exec(signed.headers.authorization ?? '')?.[1];
  }
  if (!expected || !sameHex(expected, auth.signature)) {
    throw new S3Error('SignatureDoesNotMatch', 'The request signature we calculated does not match the signature you provided. Check your key and signing method.');
  }
  if (opened.claims.expiresAt.getTime() <= now.getTime()) throw new S3Error('ExpiredToken', 'The provided token has expired.');
  return { claims: opened.claims, payloadHash };
}

function parseHeader(headers: IncomingHttpHeaders): ParsedAuth {
  const authorization = headerValue(headers, 'authorization');
  if (!authorization) throw new S3Error('AccessDenied', 'Anonymous users may only read objects; sign the request with issued credentials.');
  if (!authorization.startsWith(`${ALGORITHM} `)) throw new S3Error('InvalidRequest', `Only ${ALGORITHM} signatures are supported.`);
  const fields = new Map<string, string>();
  for (const part of authorization.slice(ALGORITHM.length + 1).split(',')) {
    const eq = part.indexOf('=');
    if (eq > 0) fields.set(part.slice(0, eq).trim(), part.slice(eq + 1).trim());
  }
  const amzDate = headerValue(headers, 'x-amz-date');
  if (!amzDate) throw new S3Error('AccessDenied', 'The x-amz-date header is required.');
  return {
    ...parseCredential(fields.get('Credential')),
    signedHeaders: parseSignedHeaders(fields.get('SignedHeaders')),
    signature: fields.get('Signature') ?? '',
    amzDate,
    sessionToken: headerValue(headers, 'x-amz-security-token'),
  };
}

function parsePresigned(query: Map<string, string[]>): ParsedAuth {
  const get = (name: string) => query.get(name)?.[0];
  if (get('X-Amz-Algorithm') !== ALGORITHM) throw new S3Error('InvalidRequest', `Only ${ALGORITHM} signatures are supported.`);
  const expiresIn = Number(get('X-Amz-Expires'));
  if (!Number.isInteger(expiresIn) || expiresIn < 1 || expiresIn > MAX_PRESIGNED_SECONDS) throw new S3Error('AuthorizationHeaderMalformed', 'X-Amz-Expires must be between 1 and 604800 seconds.');
  return {
    ...parseCredential(get('X-Amz-Credential')),
    signedHeaders: parseSignedHeaders(get('X-Amz-SignedHeaders')),
    signature: get('X-Amz-Signature') ?? '',
    amzDate: get('X-Amz-Date') ?? '',
    sessionToken: get('X-Amz-Security-Token'),
    expiresIn,
  };
}

function parseCredential(credential: string | undefined) {
  const parts = credential?.split('/') ?? [];
  const [accessKeyId, scopeDate, region, service, terminator] = parts;
  if (parts.length !== 5 || !accessKeyId || !scopeDate || !region || !service || terminator !== 'aws4_request') {
    throw new S3Error('AuthorizationHeaderMalformed', 'The Credential is malformed; expecting "<key>/<date>/<region>/s3/aws4_request".');
  }
  return { accessKeyId, scopeDate, region, service };
}

function parseSignedHeaders(list: string | undefined): string[] {
  const names = (list ?? '').split(';').map((h) => h.trim().toLowerCase()).filter(Boolean);
  if (names.length === 0) throw new S3Error('AuthorizationHeaderMalformed', 'SignedHeaders is missing.');
  return names;
}

function parseAmzDate(value: string): Date {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value);
  if (!m) throw new S3Error('AccessDenied', 'The request date must look like 20260101T000000Z.');
  return new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]), Number(m[6])));
}

/** S3 signs the URI-encoded path: decode what arrived and encode it the way the SDK does, slashes kept. */
function canonicalPath(rawPath: string): string {
  try {
    return rawPath
      .split('/')
      .map((s) => encodeURIComponent(decodeURIComponent(s)).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`))
      .join('/');
  } catch {
    throw new S3Error('InvalidURI', 'The path is not valid percent-encoding.');
  }
}

/** The query the signer needs: decoded, without the parameters that presign adds back itself. */
function signedQuery(query: Map<string, string[]>, presigned: boolean, contentParam: string | undefined): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [name, values] of query) {
    if (presigned && (PRESIGN_PARAMS.includes(name) || name === contentParam)) continue;
    out[name] = values.length === 1 ? (values[0] as string) : values;
  }
  return out;
}

function headerValue(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value.join(',') : value;
}

function firstOf(value: string | string[] | null | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : (value ?? undefined);
}

function sameHex(a: string, b: string): boolean {
  if (!/^[0-9a-f]{64}$/.test(a) || !/^[0-9a-f]{64}$/.test(b)) return false;
  return timingSafeEqual(Buffer.from(a, 'hex'), Buffer.from(b, 'hex'));
}

/** Splits a raw query string; names and values percent-decoded, `+` kept as is (S3 clients encode spaces as %20). */
export function parseQuery(raw: string): Map<string, string[]> {
  const query = new Map<string, string[]>();
  if (!raw) return query;
  try {
    for (const pair of raw.split('&')) {
      if (!pair) continue;
      const eq = pair.indexOf('=');
      const name = decodeURIComponent(eq < 0 ? pair : pair.slice(0, eq));
      const value = eq < 0 ? '' : decodeURIComponent(pair.slice(eq + 1));
      query.set(name, [...(query.get(name) ?? []), value]);
    }
  } catch {
    throw new S3Error('InvalidURI', 'The query string is not valid percent-encoding.');
  }
  return query;
}
