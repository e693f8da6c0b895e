import { createHash, type Hash } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { Transform, type TransformCallback } from 'node:stream';
import { crc32 } from 'node:zlib';
import { AwsChunkedDecoder } from './aws-chunked.ts';
import { S3Error } from './s3-error.ts';
import { UNSIGNED_PAYLOAD } from './signature.ts';

const STREAMING_UNSIGNED_TRAILER = 'STREAMING-UNSIGNED-PAYLOAD-TRAILER';

/** What arrived, once every check passed. `md5` is what the ETag is made of. */
export interface ReceivedBody {
  size: number;
  md5: Buffer;
}

export interface BodyPlan {
  /** The size the request declares (Content-Length, or the decoded length of aws-chunked), when it does. */
  declared: number | undefined;
  /** Stream the request through these, in order, into the temp file. */
  transforms: Transform[];
  /** After the stream ended: the body's size and MD5, or the S3Error that says what did not match. */
  finish(): ReceivedBody;
}

type Verifiable = 'crc32' | 'sha1' | 'sha256';
const verifiable: Verifiable[] = ['crc32', 'sha1', 'sha256'];
const knownChecksums = ['crc32', 'crc32c', 'crc64nvme', 'sha1', 'sha256'];

/**
 * Called with the running count of bytes received before each chunk goes on; a rejection stops the
 * body there. The upload quota reserves as the count grows (`quota.ts`).
 */
export type BodyGate = (received: number) => Promise<void>;

/**
 * How to receive one request body: the aws-chunked decoder when the SDK streams, and a meter that
 * counts bytes (refusing more than `maxBytes` as they arrive) and computes, in the same pass, the
 * MD5 for the ETag, the SHA-256 the signature covers and the checksum the client sent (CRC32, SHA-1
 * or SHA-256; CRC32C and CRC64NVME are accepted unverified). Nothing is buffered.
 */
export function planBody(headers: IncomingHttpHeaders, payloadHash: string, maxBytes: number, gate?: BodyGate): BodyPlan {
  const chunked = payloadHash.startsWith('STREAMING-');
  if (chunked && payloadHash !== STREAMING_UNSIGNED_TRAILER) {
    throw new S3Error('NotImplemented', `${payloadHash} bodies are not supported; use ${STREAMING_UNSIGNED_TRAILER} or UNSIGNED-PAYLOAD.`);
  }
  if (!chunked && payloadHash !== UNSIGNED_PAYLOAD && !/^[0-9a-f]{64}$/.test(payloadHash)) {
    throw new S3Error('InvalidArgument', 'x-amz-content-sha256 must be a SHA-256 hex digest, UNSIGNED-PAYLOAD or STREAMING-UNSIGNED-PAYLOAD-TRAILER.');
  }
  const declared = numberHeader(headers, chunked ? 'x-amz-decoded-content-length' : 'content-length');
  if (declared !== undefined && declared > maxBytes) throw tooLarge(maxBytes);

  const trailerName = chunked ? text(headers, 'x-amz-trailer')?.toLowerCase() : undefined;
  const checksum = checksumExpectation(headers, trailerName);
  const decoder = chunked ? new AwsChunkedDecoder() : undefined;
  // A body longer than it said is cut off where it passes its declared length, not at the operation's limit.
  const limit = declared === undefined ? { bytes: maxBytes, error: () => tooLarge(maxBytes) } : { bytes: declared, error: incomplete };
  const meter = new BodyMeter(limit, gate, {
    sha256: /^[0-9a-f]{64}$/.test(payloadHash),
    checksum: checksum && verifiable.includes(checksum.algorithm as Verifiable) ? (checksum.algorithm as Verifiable) : undefined,
  });

  return {
    declared,
    transforms: decoder ? [decoder, meter] : [meter],
    finish() {
      const result = meter.result();
      if (declared !== undefined && result.size !== declared) throw incomplete();
      if (result.sha256 !== undefined && result.sha256 !== payloadHash) {
        throw new S3Error('XAmzContentSHA256Mismatch', "The provided 'x-amz-content-sha256' header does not match what was computed.");
      }
      const md5 = text(headers, 'content-md5');
      if (md5 !== undefined && md5 !== result.md5.toString('base64')) throw new S3Error('BadDigest', 'The Content-MD5 you specified did not match what we received.');
      if (checksum) {
        const expected = checksum.fromTrailer ? decoder?.trailers.get(checksum.header) : checksum.value;
        if (!expected) throw new S3Error('InvalidRequest', `The trailer ${checksum.header} was announced but not sent.`);
        if (result.checksum !== undefined && expected !== result.checksum) {
          throw new S3Error('BadDigest', `The ${checksum.algorithm.toUpperCase()} you specified did not match the calculated checksum.`);
        }
      }
      return { size: result.size, md5: result.md5 };
    },
  };
}

function checksumExpectation(headers: IncomingHttpHeaders, trailerName: string | undefined) {
  if (trailerName) {
    const algorithm = trailerName.replace(/^x-amz-checksum-/, '');
    if (!trailerName.startsWith('x-amz-checksum-') || !knownChecksums.includes(algorithm)) {
      throw new S3Error('InvalidRequest', `The trailer ${trailerName} is not supported.`);
    }
    return { algorithm, header: trailerName, fromTrailer: true, value: undefined };
  }
  for (const algorithm of knownChecksums) {
    const header = `x-amz-checksum-${algorithm}`;
    const value = text(headers, header);
    if (value !== undefined) return { algorithm, header, fromTrailer: false, value };
  }
  return undefined;
}

class BodyMeter extends Transform {
  private size = 0;
  private readonly md5 = createHash('md5');
  private readonly sha256: Hash | undefined;
  private readonly checksumHash: Hash | undefined;
  private crc: number | undefined;

  constructor(
    private readonly limit: { bytes: number; error: () => S3Error },
    private readonly gate: BodyGate | undefined,
    wants: { sha256: boolean; checksum: Verifiable | undefined },
  ) {
    super();
    this.sha256 = wants.sha256 ? createHash('sha256') : undefined;
    if (wants.checksum === 'crc32') this.crc = 0;
    else if (wants.checksum) this.checksumHash = createHash(wants.checksum);
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
    this.size += chunk.length;
    if (this.size > this.limit.bytes) return callback(this.limit.error());
    if (!this.gate) return this.pass(chunk, callback);
    // The stream waits for the gate: nothing more is read from the socket until it answers.
    this.gate(this.size).then(
      () => this.pass(chunk, callback),
      (error: unknown) => callback(error as Error),
    );
  }

  private pass(chunk: Buffer, callback: TransformCallback) {
    this.md5.update(chunk);
    this.sha256?.update(chunk);
    this.checksumHash?.update(chunk);
    if (this.crc !== undefined) this.crc = crc32(chunk, this.crc);
    callback(null, chunk);
  }

  result() {
    let checksum: string | undefined;
    if (this.crc !== undefined) {
      const bytes = Buffer.alloc(4);
      bytes.writeUInt32BE(this.crc >>> 0);
      checksum = bytes.toString('base64');
    } else if (this.checksumHash) {
      checksum = this.checksumHash.digest('base64');
    }
    return { size: this.size, md5: this.md5.digest(), sha256: this.sha256?.digest('hex'), checksum };
  }
}

function incomplete() {
  return new S3Error('IncompleteBody', 'The body is shorter or longer than its declared length.');
}

function tooLarge(maxBytes: number) {
  return new S3Error('EntityTooLarge', `Your proposed upload exceeds the maximum allowed size of ${maxBytes} bytes.`);
}

function text(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function numberHeader(headers: IncomingHttpHeaders, name: string): number | undefined {
  const value = text(headers, name);
  if (value === undefined) return undefined;
  if (!/^\d{1,15}$/.test(value)) throw new S3Error('InvalidArgument', `${name} must be a whole number of bytes.`);
  return Number(value);
}
