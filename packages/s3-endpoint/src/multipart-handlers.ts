import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { encodeKey } from './keys.ts';
import { planBody } from './body.ts';
import { receiveBody } from './receive-body.ts';
import { COMPLETE_XML_MAX_BYTES, PART_MAX_BYTES, PART_NUMBER_MAX, kindLimit } from './limits.ts';
import { type S3Call, authorise, contentTypeOf, createsOnly, queryParam, undoIfRevoked } from './s3-call.ts';
import { S3Error } from './s3-error.ts';
import { completeXml, initiateXml, listPartsXml, parseCompleteXml } from './xml.ts';

function uploadIdOf(call: S3Call): string {
  return queryParam(call, 'uploadId') ?? '';
}

function xml(call: S3Call, body: string) {
  return call.reply.type('application/xml').send(body);
}

export async function createMultipartUpload(call: S3Call) {
  await authorise(call, 'write');
  const uploadId = await call.deps.uploads.create(call.key, contentTypeOf(call));
  return xml(call, initiateXml(call.deps.bucket, call.key, uploadId));
}

export async function uploadPart(call: S3Call) {
  const auth = await authorise(call, 'write');
  if (call.req.headers['x-amz-copy-source']) throw new S3Error('NotImplemented', 'UploadPartCopy is not supported here.');
  const partNumber = Number(queryParam(call, 'partNumber'));
  if (!Number.isInteger(partNumber) || partNumber < 1 || partNumber > PART_NUMBER_MAX) {
    throw new S3Error('InvalidArgument', `Part number must be an integer between 1 and ${PART_NUMBER_MAX}, inclusive.`);
  }
  const uploadId = uploadIdOf(call);
  // Refuse before receiving a body that has nowhere to go.
  const upload = await call.deps.uploads.open(uploadId, call.key);
  // A picture or video may not outgrow its kind's limit part by part: the other parts count.
  const limit = kindLimit(call.key, upload.contentType, call.deps.imageMaxBytes);
  const others = limit === undefined ? 0 : (await call.deps.uploads.list(uploadId, call.key)).reduce((sum, p) => (p.partNumber === partNumber ? sum : sum + p.size), 0);
  const maxBytes = Math.max(0, Math.min(PART_MAX_BYTES, (limit ?? Infinity) - others));
  const stored = await receiveBody(call, auth, maxBytes, async (temp, body) => ({
    size: body.size,
    etag: await call.deps.uploads.putPart(uploadId, call.key, partNumber, temp, body.md5),
  }));
  call.deps.events?.bytesStored(stored.size);
  return call.reply.header('etag', stored.etag).send();
}

export async function completeMultipartUpload(call: S3Call) {
  const auth = await authorise(call, 'write');
  const uploadId = uploadIdOf(call);
  const ifAbsent = createsOnly(call, auth);
  const plan = planBody(call.req.headers, auth.payloadHash, COMPLETE_XML_MAX_BYTES);
  const chunks: Buffer[] = [];
  const collect = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      chunks.push(chunk);
      callback();
    },
  });
  await pipeline([call.req.raw, ...plan.transforms, collect]);
  plan.finish();
  const parts = parseCompleteXml(Buffer.concat(chunks).toString('utf8'));
  const result = await call.deps.uploads.complete(uploadId, call.key, parts, { ifAbsent });
  await undoIfRevoked(call, auth.claims);
  call.deps.events?.objectStored();
  const location = `${call.req.protocol}://${call.req.host}${call.basePath}/${call.deps.bucket}/${encodeKey(call.key)}`;
  return xml(call, completeXml(location, call.deps.bucket, call.key, result.etag));
}

export async function abortMultipartUpload(call: S3Call) {
  await authorise(call, 'write');
  await call.deps.uploads.abort(uploadIdOf(call), call.key);
  return call.reply.status(204).send();
}

/** ListParts: what a resuming uploader asks to learn which parts are already stored. */
export async function listParts(call: S3Call) {
  await authorise(call, 'write');
  const uploadId = uploadIdOf(call);
  const maxParts = Math.min(1000, Math.max(0, Number(queryParam(call, 'max-parts') ?? 1000) || 0));
  const marker = Math.max(0, Number(queryParam(call, 'part-number-marker') ?? 0) || 0);
  const after = (await call.deps.uploads.list(uploadId, call.key)).filter((p) => p.partNumber > marker);
  const parts = after.slice(0, maxParts);
  return xml(call, listPartsXml({ bucket: call.deps.bucket, key: call.key, uploadId, marker, maxParts, truncated: after.length > parts.length, parts }));
}
