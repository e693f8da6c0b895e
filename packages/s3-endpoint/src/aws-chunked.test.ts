import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { AwsChunkedDecoder } from './aws-chunked.ts';

async function decode(pieces: Buffer[]) {
  const decoder = new AwsChunkedDecoder();
  const out: Buffer[] = [];
  await pipeline(Readable.from(pieces), decoder, new Writable({ write: (c, _e, cb) => (out.push(c), cb()) }));
  return { body: Buffer.concat(out).toString(), trailers: Object.fromEntries(decoder.trailers) };
}

const framed = Buffer.from('6\r\nhello \r\n6\r\nstream\r\n0\r\nx-amz-checksum-crc32:gtnkmQ==\r\n\r\n');

describe('aws-chunked decoding', () => {
  it('joins the chunks and reads the trailer', async () => {
    expect(await decode([framed])).toEqual({ body: 'hello stream', trailers: { 'x-amz-checksum-crc32': 'gtnkmQ==' } });
  });

  it('decodes the same whatever way the bytes are split on the wire', async () => {
    for (let cut = 1; cut < framed.length; cut++) {
      expect((await decode([framed.subarray(0, cut), framed.subarray(cut)])).body).toBe('hello stream');
    }
    expect((await decode([...framed].map((b) => Buffer.from([b])))).trailers['x-amz-checksum-crc32']).toBe('gtnkmQ==');
  });

  it('refuses a body cut off before its last chunk', async () => {
    await expect(decode([Buffer.from('6\r\nhello \r\n6\r\nstr')])).rejects.toMatchObject({ code: 'IncompleteBody' });
  });

  it('refuses broken framing and signed chunks', async () => {
    await expect(decode([Buffer.from('zz\r\nhello\r\n0\r\n\r\n')])).rejects.toMatchObject({ code: 'InvalidRequest' });
    await expect(decode([Buffer.from('2\r\nhello\r\n0\r\n\r\n')])).rejects.toMatchObject({ code: 'InvalidRequest' });
    await expect(decode([Buffer.from('5;chunk-signature=abc\r\nhello\r\n0\r\n\r\n')])).rejects.toMatchObject({ code: 'NotImplemented' });
  });
});
