import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import {
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { EmbeddedCredentials, type EndpointDeps, MultipartUploads, ObjectFiles, S3Error, noQuota, storageEndpoint } from './index.ts';
import { ThrottledLog } from './throttled-log.ts';

/*
 * The endpoint on a bare Fastify, as any app would mount it, with the AWS SDK as the outside
 * client: what the package promises without Padhub around it.
 */
const dirs: string[] = [];
const servers: { close(): Promise<unknown> }[] = [];
afterAll(async () => {
  for (const server of servers) await server.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

async function mounted(overrides: Partial<EndpointDeps> = {}, { listen = true, ...options }: FastifyServerOptions & { listen?: boolean } = {}) {
  const dir = mkdtempSync(path.join(tmpdir(), 's3-endpoint-'));
  dirs.push(dir);
  const files = new ObjectFiles(dir, 'bucket');
  await files.init();
  const credentials = new EmbeddedCredentials('k'.repeat(32));
  const imageMaxBytes = overrides.imageMaxBytes ?? 1024;
  const server = Fastify(options);
  servers.push(server);
  const deps: EndpointDeps = {
    files,
    uploads: new MultipartUploads(files, imageMaxBytes),
    credentials,
    quota: noQuota,
    epochOf: null,
    bucket: 'bucket',
    region: 'us-east-1',
    imageMaxBytes,
    ...overrides,
  };
  await server.register(storageEndpoint, { prefix: '/s3', ...deps });
  if (listen) await server.listen({ port: 0, host: '127.0.0.1' });
  const endpoint = `http://127.0.0.1:${(server.server.address() as { port: number } | null)?.port}/s3`;
  /** A client signed with credentials minted for `prefix`. */
  const client = (prefix: string, access: 'upload' | 'full' = 'upload', change: { secret?: string; epoch?: number } = {}) => {
    const minted = credentials.mint({ orgId: 'o', userId: 'u', prefix, access, expiresAt: new Date(Date.now() + 600_000), epoch: change.epoch ?? 0 });
    return new S3Client({
      endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
      maxAttempts: 1,
      credentials: { accessKeyId: minted.accessKeyId, secretAccessKey: change.secret ?? minted.secretAccessKey, sessionToken: minted.sessionToken },
    });
  };
  return { server, client };
}

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(S3ServiceException);
  return { code: (error as S3ServiceException).name, status: (error as S3ServiceException).$metadata.httpStatusCode };
}

const bytes = (n: number) => Buffer.from(Array.from({ length: n }, (_, i) => (i * 13) % 251));

describe('an S3 client against the endpoint', async () => {
  const { client } = await mounted();
  const mine = client('p/1/');
  const server = client('', 'full');

  it('puts, heads, reads and lists an object, and the server credentials delete it', async () => {
    const body = bytes(5000);
    const put = await mine.send(new PutObjectCommand({ Bucket: 'bucket', Key: 'p/1/a.mp4', Body: body, ContentType: 'video/mp4' }));
    expect(put.ETag).toBe(`"${createHash('md5').update(body).digest('hex')}"`);
    const head = await mine.send(new HeadObjectCommand({ Bucket: 'bucket', Key: 'p/1/a.mp4' }));
    expect({ size: head.ContentLength, type: head.ContentType }).toEqual({ size: 5000, type: 'video/mp4' });
    const got = await mine.send(new GetObjectCommand({ Bucket: 'bucket', Key: 'p/1/a.mp4', Range: 'bytes=10-19' }));
    expect(Buffer.from(await got.Body!.transformToByteArray())).toEqual(body.subarray(10, 20));
    const listed = await server.send(new ListObjectsV2Command({ Bucket: 'bucket', Prefix: 'p/1/' }));
    expect(listed.Contents?.map((o) => [o.Key, o.Size])).toEqual([['p/1/a.mp4', 5000]]);
    await server.send(new DeleteObjectCommand({ Bucket: 'bucket', Key: 'p/1/a.mp4' }));
    expect(await refusal(mine.send(new HeadObjectCommand({ Bucket: 'bucket', Key: 'p/1/a.mp4' })))).toMatchObject({ status: 404 });
  });

  it('assembles a multipart upload from its parts', async () => {
    const first = bytes(5 * 1024 * 1024);
    const last = bytes(1000);
    const { UploadId } = await mine.send(new CreateMultipartUploadCommand({ Bucket: 'bucket', Key: 'p/1/movie.mp4', ContentType: 'video/mp4' }));
    const parts = [];
    for (const [i, body] of [first, last].entries()) {
      const { ETag } = await mine.send(new UploadPartCommand({ Bucket: 'bucket', Key: 'p/1/movie.mp4', UploadId, PartNumber: i + 1, Body: body }));
      parts.push({ ETag, PartNumber: i + 1 });
    }
    await mine.send(new CompleteMultipartUploadCommand({ Bucket: 'bucket', Key: 'p/1/movie.mp4', UploadId, MultipartUpload: { Parts: parts } }));
    const got = await mine.send(new GetObjectCommand({ Bucket: 'bucket', Key: 'p/1/movie.mp4' }));
    expect(Buffer.from(await got.Body!.transformToByteArray()).equals(Buffer.concat([first, last]))).toBe(true);
  });

  it('refuses a wrong secret, a key outside the prefix, a replaced object, a delete and a list by upload credentials', async () => {
    const put = (c: S3Client, key: string) => c.send(new PutObjectCommand({ Bucket: 'bucket', Key: key, Body: 'x' }));
    expect(await refusal(put(client('p/1/', 'upload', { secret: 'wrong' }), 'p/1/b.txt'))).toEqual({ code: 'SignatureDoesNotMatch', status: 403 });
    expect(await refusal(put(mine, 'p/2/b.txt'))).toEqual({ code: 'AccessDenied', status: 403 });
    await put(mine, 'p/1/once.txt');
    expect(await refusal(put(mine, 'p/1/once.txt'))).toEqual({ code: 'PreconditionFailed', status: 412 });
    expect(await refusal(mine.send(new DeleteObjectCommand({ Bucket: 'bucket', Key: 'p/1/once.txt' })))).toEqual({ code: 'AccessDenied', status: 403 });
    expect(await refusal(mine.send(new ListObjectsV2Command({ Bucket: 'bucket', Prefix: 'p/1/' })))).toMatchObject({ status: 403 });
  });

  it('holds a picture to the imageMaxBytes it was mounted with', async () => {
    const put = (key: string, size: number) => mine.send(new PutObjectCommand({ Bucket: 'bucket', Key: key, Body: bytes(size), ContentType: 'image/png' }));
    await put('p/1/small.png', 1024);
    expect(await refusal(put('p/1/large.png', 1025))).toEqual({ code: 'EntityTooLarge', status: 400 });
  });
});

describe('what the mounting app decides', () => {
  it('refuses a body its quota refuses', async () => {
    const refusing = { planned: async () => Promise.reject(new S3Error('QuotaExceeded', 'No more today.')) };
    const { client } = await mounted({ quota: refusing });
    const put = client('p/1/').send(new PutObjectCommand({ Bucket: 'bucket', Key: 'p/1/a.txt', Body: 'x' }));
    expect(await refusal(put)).toEqual({ code: 'QuotaExceeded', status: 403 });
  });

  it('refuses upload credentials of an epoch its epochOf has passed', async () => {
    const { client } = await mounted({ epochOf: async () => 2 });
    const put = (epoch: number) => client('p/1/', 'upload', { epoch }).send(new PutObjectCommand({ Bucket: 'bucket', Key: `p/1/e${epoch}.txt`, Body: 'x' }));
    expect(await refusal(put(1))).toEqual({ code: 'ExpiredToken', status: 403 });
    expect((await put(2)).ETag).toBeTruthy();
  });

  it('tells its events what is stored, part by part, and each write refused by its code', async () => {
    const told: string[] = [];
    const events = { bytesStored: (n: number) => told.push(`bytes ${n}`), objectStored: () => told.push('object'), writeRefused: (code: string) => told.push(`refused ${code}`) };
    const { client } = await mounted({ events });
    const mine = client('p/1/');
    await mine.send(new PutObjectCommand({ Bucket: 'bucket', Key: 'p/1/a.txt', Body: bytes(300) }));
    expect(await refusal(mine.send(new PutObjectCommand({ Bucket: 'bucket', Key: 'p/2/a.txt', Body: 'x' })))).toMatchObject({ code: 'AccessDenied' });
    const target = { Bucket: 'bucket', Key: 'p/1/b.mp4' };
    const { UploadId } = await mine.send(new CreateMultipartUploadCommand({ ...target, ContentType: 'video/mp4' }));
    const { ETag } = await mine.send(new UploadPartCommand({ ...target, UploadId, PartNumber: 1, Body: bytes(700) }));
    await mine.send(new CompleteMultipartUploadCommand({ ...target, UploadId, MultipartUpload: { Parts: [{ ETag, PartNumber: 1 }] } }));
    // A read refused is not a write refused.
    expect(await refusal(mine.send(new GetObjectCommand({ Bucket: 'bucket', Key: 'p/1/none.txt' })))).toMatchObject({ status: 404 });
    expect(told).toEqual(['bytes 300', 'object', 'refused AccessDenied', 'bytes 700', 'object']);
  });
});

describe('logging of requests for operations the endpoint does not support', () => {
  it('logs them as client errors, without a stack, a few a minute however many arrive', async () => {
    const lines: { level: number; msg: string; err?: unknown; stack?: unknown; suppressed?: number }[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(JSON.parse(chunk.toString()) as (typeof lines)[number]);
        done();
      },
    });
    const { server } = await mounted({}, { logger: { level: 'info', stream: sink }, disableRequestLogging: true, listen: false });
    for (let i = 0; i < 50; i++) {
      const res = await server.inject({ method: 'DELETE', url: '/s3/bucket' });
      expect(res.statusCode).toBe(501);
      expect(res.body).toMatch(/<Code>NotImplemented<\/Code>/);
    }
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.length).toBeLessThanOrEqual(10);
    for (const line of lines) {
      expect(line.level).toBeLessThan(50);
      expect(JSON.stringify(line)).not.toMatch(/stack|\.ts:\d+/);
    }
  });

  it('lets a few lines a window through and says how many it left out', () => {
    const log = new ThrottledLog(2, 1000);
    expect([log.take(0), log.take(1), log.take(2), log.take(3)]).toEqual([{ suppressed: 0 }, { suppressed: 0 }, null, null]);
    expect(log.take(1000)).toEqual({ suppressed: 2 });
  });
});
