import { createHash } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { request } from 'node:http';
import path from 'node:path';
import { Readable } from 'node:stream';
import { GetObjectCommand, HeadObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { HttpRequest } from '@smithy/protocol-http';
import { SignatureV4 } from '@smithy/signature-v4';
import { describe, expect, it } from 'vitest';
import { buildTestApp, registerUser } from '#server-test/helper.ts';
import { credentialsOf, expectS3Error, listen, mint, s3With } from '#server-test/storage.ts';
import { NodeSha256 } from '@padhub/s3-endpoint';

const app = await buildTestApp();
const { origin, endpoint } = await listen(app);
const creds = await credentialsOf(origin, await registerUser(app));
const s3 = s3With(creds);
const key = (name: string) => `${creds.prefix}${name}`;
const bytes = (n: number) => Buffer.from(Array.from({ length: n }, (_, i) => (i * 7) % 251));

describe('PutObject and GetObject', () => {
  it('stores what was put and reads it back with its content type and ETag', async () => {
    const body = bytes(10_000);
    const put = await s3.send(new PutObjectCommand({ Bucket: 'padhub', Key: key('a.png'), Body: body, ContentType: 'image/png' }));
    expect(put.ETag).toBe(`"${createHash('md5').update(body).digest('hex')}"`);
    const got = await s3.send(new GetObjectCommand({ Bucket: 'padhub', Key: key('a.png') }));
    expect(got.ContentType).toBe('image/png');
    expect(got.ETag).toBe(put.ETag);
    expect(Buffer.from(await got.Body!.transformToByteArray()).equals(body)).toBe(true);
  });

  it('answers a Range with 206 and Content-Range (video seeking)', async () => {
    const body = bytes(5000);
    await s3.send(new PutObjectCommand({ Bucket: 'padhub', Key: key('v.mp4'), Body: body, ContentType: 'video/mp4' }));
    const got = await s3.send(new GetObjectCommand({ Bucket: 'padhub', Key: key('v.mp4'), Range: 'bytes=100-199' }));
    expect(got.ContentRange).toBe('bytes 100-199/5000');
    expect(got.$metadata.httpStatusCode).toBe(206);
    expect(Buffer.from(await got.Body!.transformToByteArray()).equals(body.subarray(100, 200))).toBe(true);

    const tail = await fetch(`${endpoint}/padhub/${key('v.mp4')}`, { headers: { range: 'bytes=-10' } });
    expect(tail.status).toBe(206);
    expect(tail.headers.get('content-range')).toBe('bytes 4990-4999/5000');
    expect(Buffer.from(await tail.arrayBuffer()).equals(body.subarray(4990))).toBe(true);

    const open = await fetch(`${endpoint}/padhub/${key('v.mp4')}`, { headers: { range: 'bytes=4000-' } });
    expect(open.headers.get('content-length')).toBe('1000');
  });

  it('answers 416 for a range past the end', async () => {
    await s3.send(new PutObjectCommand({ Bucket: 'padhub', Key: key('short.bin'), Body: bytes(10) }));
    const res = await fetch(`${endpoint}/padhub/${key('short.bin')}`, { headers: { range: 'bytes=10-20' } });
    expect(res.status).toBe(416);
    expect(res.headers.get('content-range')).toBe('bytes */10');
  });

  it('answers HEAD with the size and NoSuchKey for a missing key', async () => {
    await s3.send(new PutObjectCommand({ Bucket: 'padhub', Key: key('h.bin'), Body: bytes(1234) }));
    const head = await s3.send(new HeadObjectCommand({ Bucket: 'padhub', Key: key('h.bin') }));
    expect(head.ContentLength).toBe(1234);
    await expectS3Error(s3.send(new GetObjectCommand({ Bucket: 'padhub', Key: key('none.bin') })), 'NoSuchKey', 404);
  });

  it('answers 304 to a matching If-None-Match', async () => {
    const put = await s3.send(new PutObjectCommand({ Bucket: 'padhub', Key: key('c.webp'), Body: bytes(50), ContentType: 'image/webp' }));
    const res = await fetch(`${endpoint}/padhub/${key('c.webp')}`, { headers: { 'if-none-match': put.ETag! } });
    expect(res.status).toBe(304);
  });

  it("replaces an object as a whole, with the server's own credentials (user credentials write once: endpoint-write-once.test.ts)", async () => {
    const server = s3With(mint(app, endpoint, { prefix: '', access: 'full' }));
    await server.send(new PutObjectCommand({ Bucket: 'padhub', Key: key('r.txt'), Body: 'first version' }));
    await server.send(new PutObjectCommand({ Bucket: 'padhub', Key: key('r.txt'), Body: 'second' }));
    expect(await (await fetch(`${endpoint}/padhub/${key('r.txt')}`)).text()).toBe('second');
  });

  it('handles keys with spaces and non-ASCII characters', async () => {
    const name = key('我的 照片 (1).jpg');
    await s3.send(new PutObjectCommand({ Bucket: 'padhub', Key: name, Body: 'x', ContentType: 'image/jpeg' }));
    const got = await s3.send(new GetObjectCommand({ Bucket: 'padhub', Key: name }));
    expect(await got.Body!.transformToString()).toBe('x');
  });
});

describe('what the AWS SDK sends by default', () => {
  it('accepts a streamed body in aws-chunked encoding with a CRC32 trailer', async () => {
    const parts = [bytes(70_000), bytes(3), bytes(100_000)];
    await s3.send(new PutObjectCommand({ Bucket: 'padhub', Key: key('chunked.bin'), Body: Readable.from(parts), ContentLength: 170_003 }));
    const stored = Buffer.from(await (await fetch(`${endpoint}/padhub/${key('chunked.bin')}`)).arrayBuffer());
    expect(stored.equals(Buffer.concat(parts))).toBe(true);
  });

  it('refuses a body whose CRC32 does not match, and keeps no object', async () => {
    await expectS3Error(
      s3.send(new PutObjectCommand({ Bucket: 'padhub', Key: key('bad-crc.bin'), Body: bytes(100), ChecksumCRC32: 'AAAAAA==' })),
      'BadDigest',
      400,
    );
    expect((await fetch(`${endpoint}/padhub/${key('bad-crc.bin')}`)).status).toBe(404);
  });

  it('accepts the SHA-256 checksum algorithm too', async () => {
    await s3.send(new PutObjectCommand({ Bucket: 'padhub', Key: key('sha.bin'), Body: bytes(999), ChecksumAlgorithm: 'SHA256' }));
    expect((await fetch(`${endpoint}/padhub/${key('sha.bin')}`)).status).toBe(200);
  });
});

describe('payload hash and limits', () => {
  /** A PUT signed (correctly) for a payload hash that is not the hash of what is sent. */
  const signedPut = async (name: string, signedBody: Buffer, sentBody: Buffer) => {
    const url = new URL(`${endpoint}/padhub/${key(name)}`);
    const signer = new SignatureV4({
      service: 's3',
      region: 'us-east-1',
      sha256: NodeSha256,
      uriEscapePath: false,
      credentials: { accessKeyId: creds.accessKeyId, secretAccessKey: creds.accessKeySecret, sessionToken: creds.sessionToken },
    });
    const headers = { host: url.host, 'x-amz-content-sha256': createHash('sha256').update(signedBody).digest('hex') };
    const signed = await signer.sign(new HttpRequest({ method: 'PUT', protocol: 'http:', hostname: url.hostname, path: url.pathname, headers }));
    return fetch(url, { method: 'PUT', headers: signed.headers, body: sentBody });
  };

  it('verifies a hex x-amz-content-sha256 while streaming', async () => {
    const body = bytes(2048);
    expect((await signedPut('good-sha.bin', body, body)).status).toBe(200);
  });

  it('discards an object whose bytes do not match the signed SHA-256', async () => {
    const res = await signedPut('bad-sha.bin', bytes(2048), Buffer.alloc(2048));
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('<Code>XAmzContentSHA256Mismatch</Code>');
    expect((await fetch(`${endpoint}/padhub/${key('bad-sha.bin')}`)).status).toBe(404);
  });

  it('keeps nothing of a body whose sender went away half-way', async () => {
    const url = new URL(`${endpoint}/padhub/${key('cut.bin')}`);
    const signer = new SignatureV4({
      service: 's3',
      region: 'us-east-1',
      sha256: NodeSha256,
      uriEscapePath: false,
      credentials: { accessKeyId: creds.accessKeyId, secretAccessKey: creds.accessKeySecret, sessionToken: creds.sessionToken },
    });
    const headers = { host: url.host, 'x-amz-content-sha256': 'UNSIGNED-PAYLOAD', 'content-length': String(4 * 1024 * 1024) };
    const signed = await signer.sign(new HttpRequest({ method: 'PUT', protocol: 'http:', hostname: url.hostname, path: url.pathname, headers }));
    await new Promise<void>((resolve) => {
      const req = request(url, { method: 'PUT', headers: signed.headers });
      req.on('error', () => resolve());
      req.write(Buffer.alloc(1024 * 1024), () => setTimeout(() => (req.destroy(), resolve()), 100));
    });
    const tmp = path.join(app.storage.embedded!.files.root, 'tmp');
    await expect.poll(async () => (await readdir(tmp)).length).toBe(0);
    expect((await fetch(`${endpoint}/padhub/${key('cut.bin')}`)).status).toBe(404);
    // And the endpoint carries on.
    await s3.send(new PutObjectCommand({ Bucket: 'padhub', Key: key('after-cut.bin'), Body: 'fine' }));
  });

  it('refuses a PutObject over 64 MiB (bigger files go in parts)', async () => {
    const big = Buffer.alloc(64 * 1024 * 1024 + 1);
    await expectS3Error(s3.send(new PutObjectCommand({ Bucket: 'padhub', Key: key('huge.bin'), Body: big })), 'EntityTooLarge', 400);
    expect((await fetch(`${endpoint}/padhub/${key('huge.bin')}`)).status).toBe(404);
  });
});
