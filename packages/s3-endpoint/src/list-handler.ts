import { type S3Call, queryParam } from './s3-call.ts';
import { S3Error } from './s3-error.ts';
import { authenticate } from './signature.ts';
import { listObjectsXml } from './xml.ts';

const MAX_KEYS = 1000;

/**
 * ListObjectsV2, for the server's own credentials only (user credentials never list, as the S3
 * session policy allows no s3:ListBucket): what S3 tools and the S3 store's own tests use. Keys
 * come in order, a page at a time; the continuation token is the last key answered. No delimiter.
 */
export async function listObjects(call: S3Call) {
  const auth = await authenticate(
    { method: call.req.method, rawPath: call.rawPath, query: call.query, headers: call.req.headers },
    { region: call.deps.region, credentials: call.deps.credentials },
  );
  if (auth.claims.access !== 'full') throw new S3Error('AccessDenied', 'These credentials may not list objects.');
  if (queryParam(call, 'list-type') !== '2') throw new S3Error('NotImplemented', 'Only ListObjectsV2 (list-type=2) is supported here.');
  if (queryParam(call, 'delimiter')) throw new S3Error('NotImplemented', 'Listing with a delimiter is not supported here.');
  const encodingType = queryParam(call, 'encoding-type');
  if (encodingType !== undefined && encodingType !== 'url') throw new S3Error('InvalidArgument', 'encoding-type may only be url.');
  const prefix = queryParam(call, 'prefix') ?? '';
  const maxKeys = Math.min(MAX_KEYS, Math.max(0, Number(queryParam(call, 'max-keys') ?? MAX_KEYS) || 0));
  const continuationToken = queryParam(call, 'continuation-token');
  const startAfter = queryParam(call, 'start-after');
  const after = continuationToken === undefined ? (startAfter ?? '') : Buffer.from(continuationToken, 'base64url').toString('utf8');

  const found = [];
  for await (const object of call.deps.files.list(prefix)) if (object.key > after) found.push(object);
  found.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const page = found.slice(0, maxKeys);
  const last = page.at(-1);
  const truncated = found.length > page.length && last !== undefined;
  const xml = listObjectsXml({
    bucket: call.deps.bucket,
    prefix,
    maxKeys,
    encode: encodingType === 'url' ? (key) => encodeURIComponent(key).replace(/%2F/g, '/') : (key) => key,
    encodingType,
    continuationToken,
    startAfter,
    nextContinuationToken: truncated ? Buffer.from(last.key).toString('base64url') : undefined,
    objects: page.map((o) => ({ key: o.key, lastModified: o.lastModified, etag: o.etag, size: o.size })),
  });
  return call.reply.type('application/xml').send(xml);
}
