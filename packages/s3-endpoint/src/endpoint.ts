import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import { createBucket, getBucketLocation, headBucket } from './bucket-handlers.ts';
import { abortMultipartUpload, completeMultipartUpload, createMultipartUpload, listParts, uploadPart } from './multipart-handlers.ts';
import { listObjects } from './list-handler.ts';
import { deleteObject, putObject, readObject } from './object-handlers.ts';
import type { EndpointDeps, S3Call } from './s3-call.ts';
import { S3Error } from './s3-error.ts';
import { registerSlowUploadCut } from './slow-uploads.ts';
import { parseQuery } from './signature.ts';
import { ThrottledLog } from './throttled-log.ts';
import { errorXml } from './xml.ts';

const ALLOWED_METHODS = 'GET, PUT, POST, DELETE, HEAD';
const EXPOSED_HEADERS = 'ETag, Content-Range, Content-Length, Accept-Ranges';
const ALLOWED_REQUEST_HEADER =
  /^(authorization|content-type|content-md5|content-encoding|content-disposition|content-language|cache-control|expires|range|if-match|if-none-match|x-requested-with|x-amz-[a-z0-9-]+|amz-sdk-[a-z0-9-]+)$/;

/**
 * The embedded S3-compatible endpoint, path style: `<mount>/<bucket>/<key>`. Its own scope: bodies
 * arrive as raw streams (no parser buffers them; each operation enforces its own size limit while
 * streaming), failures answer S3's XML errors, and browsers get CORS headers.
 */
export async function storageEndpoint(app: FastifyInstance, deps: EndpointDeps) {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_req, payload, done) => done(null, payload));

  app.addHook('onRequest', async (_req, reply) => {
    reply.header('access-control-allow-origin', '*').header('access-control-expose-headers', EXPOSED_HEADERS);
  });
  registerSlowUploadCut(app, deps.minProgress ?? { bytes: 16 * 1024, windowMs: 30_000 });

  const unsupported = new ThrottledLog();
  app.setErrorHandler((error: FastifyError | S3Error, req, reply) => {
    const s3 = error instanceof S3Error ? error : fromFastifyError(error);
    const resource = (req.raw.url ?? '').split('?')[0];
    if (s3.code === 'NotImplemented') {
      // A client asking for what this endpoint does not do (501, as S3 answers) is the client's
      // error, not ours: one line without a stack, and only a few a minute whoever sends them.
      const logged = unsupported.take();
      if (logged) req.log.warn({ method: req.method, resource, code: s3.code, ...(logged.suppressed ? { suppressed: logged.suppressed } : {}) }, 'unsupported storage operation');
    } else if (s3.status >= 500 && !req.raw.destroyed) {
      // A client that went away mid-body (a phone losing its network) is not a server failure.
      req.log.error({ err: error }, 'storage endpoint failure');
    }
    // Writes (PUT of an object or a part, POST of a multipart upload) refused: uploads the operator may want to hear of.
    if (s3.status < 500 && (req.method === 'PUT' || req.method === 'POST')) deps.events?.writeRefused(s3.code);
    // Refused before its body was all read (too large, over the quota): close rather than read the rest.
    if (!req.raw.complete) reply.header('connection', 'close');
    return reply.status(s3.status).headers(s3.headers).type('application/xml').send(errorXml(s3.code, s3.message, req.id, resource));
  });

  const handle = (req: FastifyRequest, reply: FastifyReply) => dispatch(req, reply, deps, app.prefix);
  // Hidden from an OpenAPI document (@fastify/swagger reads `hide`): this is S3's API, documented by AWS.
  const schema: FastifySchema & { hide: boolean } = { hide: true };
  for (const method of ['GET', 'HEAD', 'PUT', 'POST', 'DELETE'] as const) {
    app.route({ method, url: '/*', exposeHeadRoute: false, schema, handler: handle });
  }
  app.options('/*', { schema }, async (req, reply) => {
    const requested = String(req.headers['access-control-request-headers'] ?? '')
      .split(',')
      .map((h) => h.trim().toLowerCase())
      .filter((h) => ALLOWED_REQUEST_HEADER.test(h));
    return reply
      .header('access-control-allow-methods', ALLOWED_METHODS)
      .header('access-control-allow-headers', requested.join(', '))
      .header('access-control-max-age', '86400')
      .status(204)
      .send();
  });
}

async function dispatch(req: FastifyRequest, reply: FastifyReply, deps: EndpointDeps, basePath: string) {
  const [rawPath = '', rawQuery = ''] = (req.raw.url ?? '').split(/\?(.*)/s);
  const rest = rawPath.slice(basePath.length + 1);
  const slash = rest.indexOf('/');
  const bucket = decode(slash < 0 ? rest : rest.slice(0, slash));
  const key = slash < 0 ? '' : decode(rest.slice(slash + 1));
  if (bucket !== deps.bucket) {
    if (key === '' && req.method === 'PUT') throw new S3Error('AccessDenied', 'Buckets cannot be created here.');
    throw new S3Error('NoSuchBucket', 'The specified bucket does not exist.');
  }
  const query = parseQuery(rawQuery);
  const call: S3Call = { req, reply, deps, key, query, rawPath, basePath };
  if (key === '') {
    // What S3 tools ask of the bucket before uploading; listing is for the server's own credentials.
    if (req.method === 'HEAD') return headBucket(call);
    if (req.method === 'PUT' && query.size === 0) return createBucket(call);
    if (req.method === 'GET' && query.has('location')) return getBucketLocation(call);
    if (req.method === 'GET' && query.has('list-type')) return listObjects(call);
    throw new S3Error('NotImplemented', 'Bucket operations are not supported here.');
  }
  const has = (name: string) => query.has(name);
  switch (req.method) {
    case 'GET':
      return has('uploadId') ? listParts(call) : readObject(call, true);
    case 'HEAD':
      return readObject(call, false);
    case 'PUT':
      return has('uploadId') || has('partNumber') ? uploadPart(call) : putObject(call);
    case 'POST':
      if (has('uploads')) return createMultipartUpload(call);
      if (has('uploadId')) return completeMultipartUpload(call);
      throw new S3Error('NotImplemented', 'This POST operation is not supported here.');
    case 'DELETE':
      return has('uploadId') ? abortMultipartUpload(call) : deleteObject(call);
    default:
      throw new S3Error('MethodNotAllowed', 'The specified method is not allowed against this resource.');
  }
}

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw new S3Error('InvalidURI', 'The path is not valid percent-encoding.');
  }
}

function fromFastifyError(error: FastifyError): S3Error {
  const status = error.statusCode ?? 500;
  if (status === 413) return new S3Error('EntityTooLarge', 'The request body is too large.');
  if (status === 503) return new S3Error('ServiceUnavailable', 'The server is restarting; retry shortly.');
  if (status >= 400 && status < 500) return new S3Error('InvalidRequest', error.message);
  return new S3Error('InternalError', 'We encountered an internal error. Please try again.');
}
