import { receiveBody } from './receive-body.ts';
import { PUT_MAX_BYTES, kindLimit } from './limits.ts';
import { type StoredObject, preconditionFailed } from './object-files.ts';
import { type S3Call, authorise, contentTypeOf, createsOnly, undoIfRevoked } from './s3-call.ts';
import { S3Error } from './s3-error.ts';

/**
 * Types a browser may render from this origin. Anything else (HTML, SVG, scripts) is served as a
 * download: the storage shares its origin with the app, whose token a page script could read.
 */
const INLINE_TYPES = /^(image\/(jpeg|png|gif|webp|avif|heic|heif)|video\/[\w.+-]+|application\/octet-stream)$/i;

export async function putObject(call: S3Call) {
  const auth = await authorise(call, 'write');
  if (call.req.headers['x-amz-copy-source']) throw new S3Error('NotImplemented', 'CopyObject is not supported here.');
  const ifAbsent = createsOnly(call, auth);
  // Refused before the body is received; the commit checks again, under the key's lock.
  if (ifAbsent && (await call.deps.files.readMeta(call.key))) throw preconditionFailed();
  const contentType = contentTypeOf(call);
  const maxBytes = Math.min(PUT_MAX_BYTES, kindLimit(call.key, contentType, call.deps.imageMaxBytes) ?? PUT_MAX_BYTES);
  const stored = await receiveBody(call, auth, maxBytes, async (temp, body) => {
    const etag = `"${body.md5.toString('hex')}"`;
    await call.deps.files.commit(call.key, [{ path: temp, size: body.size }], { contentType, etag }, { ifAbsent });
    return { size: body.size, etag };
  });
  await undoIfRevoked(call, auth.claims);
  call.deps.events?.bytesStored(stored.size);
  call.deps.events?.objectStored();
  return call.reply.header('etag', stored.etag).send();
}

export async function deleteObject(call: S3Call) {
  await authorise(call, 'delete');
  await call.deps.files.remove(call.key);
  return call.reply.status(204).send();
}

/** GET and HEAD: public, like a CDN in front of post media. Range for video seeking. */
export async function readObject(call: S3Call, withBody: boolean) {
  const { files } = call.deps;
  const noSuchKey = () => new S3Error('NoSuchKey', 'The specified key does not exist.');
  const meta = await files.readMeta(call.key);
  if (!meta) throw noSuchKey();
  if (ifNoneMatch(call, meta.etag)) return describe(call, meta).status(304).send();
  const range = parseRange(call.req.headers.range, meta.size);
  if (range === 'unsatisfiable') {
    throw new S3Error('InvalidRange', 'The requested range is not satisfiable.', { 'content-range': `bytes */${meta.size}` });
  }
  if (!withBody) {
    return describe(call, meta).header('content-length', String(meta.size)).send();
  }
  const read = await files.read(call.key, range);
  if (!read) throw noSuchKey();
  describe(call, read.object).header('content-length', String(Math.max(0, read.end - read.start + 1)));
  if (range) call.reply.status(206).header('content-range', `bytes ${read.start}-${read.end}/${read.object.size}`);
  return call.reply.send(read.body);
}

function describe(call: S3Call, object: StoredObject) {
  const inline = INLINE_TYPES.test(object.contentType);
  return call.reply
    .header('content-type', inline ? object.contentType : 'application/octet-stream')
    .header('etag', object.etag)
    .header('last-modified', new Date(object.lastModified).toUTCString())
    .header('accept-ranges', 'bytes')
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .headers(inline ? {} : { 'content-disposition': 'attachment' });
}

function ifNoneMatch(call: S3Call, etag: string): boolean {
  const header = call.req.headers['if-none-match'];
  return typeof header === 'string' && header.split(',').some((t) => t.trim() === etag || t.trim() === '*');
}

/**
 * One `bytes=` range, inclusive. Several ranges, or a malformed one, are ignored (the whole object
 * is answered), as S3 does; a range that starts past the end is unsatisfiable.
 */
function parseRange(header: string | undefined, size: number): { start: number; end: number } | 'unsatisfiable' | undefined {
  const m = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!m || (m[1] === '' && m[2] === '')) return undefined;
  if (m[1] === '') {
    const suffix = Number(m[2]);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(m[1]);
  const end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  if (m[2] !== '' && Number(m[2]) < start) return undefined;
  if (start >= size) return 'unsatisfiable';
  return { start, end };
}
