import { CreateMultipartUploadCommand, PutObjectCommand, UploadPartCommand } from '@aws-sdk/client-s3';
import { limits } from '@padhub/contracts';
import { describe, expect, it } from 'vitest';
import { buildTestApp, registerUser } from '#server-test/helper.ts';
import { presign } from '@padhub/s3-endpoint';
import { credentialsOf, expectS3Error, listen, putChunked, s3With } from '#server-test/storage.ts';

const MiB = 1024 * 1024;
const app = await buildTestApp();
const { origin } = await listen(app);
const creds = await credentialsOf(origin, await registerUser(app));
const s3 = s3With(creds);
const key = (name: string) => `${creds.prefix}${name}`;

describe("the spec's size limits, enforced while the body streams when the key or type says its kind", () => {
  it('stops a chunked picture at 15 MB and stores nothing', async () => {
    const result = await putChunked(await presign(creds, key('huge.jpg'), { expiresIn: 300 }), limits.imageMaxBytes + 1);
    expect(result.status).toBe(400);
    expect(result.body).toMatch(/EntityTooLarge/);
    expect(await app.storage.store.head(key('huge.jpg'))).toBeNull();
    // A picture within the limit is stored.
    expect((await putChunked(await presign(creds, key('fine.jpg'), { expiresIn: 300 }), MiB)).status).toBe(200);
  });

  it('refuses a declared picture type over 15 MB before its body', async () => {
    const put = s3.send(new PutObjectCommand({ Bucket: 'padhub', Key: key('declared.bin'), ContentType: 'image/png', Body: Buffer.alloc(limits.imageMaxBytes + 1) }));
    await expectS3Error(put, 'EntityTooLarge', 400);
    expect(await app.storage.store.head(key('declared.bin'))).toBeNull();
  });

  it('counts the earlier parts of a multipart picture against its limit', async () => {
    const { UploadId } = await s3.send(new CreateMultipartUploadCommand({ Bucket: 'padhub', Key: key('parts.heic'), ContentType: 'image/heic' }));
    const part = (n: number, bytes: number) => s3.send(new UploadPartCommand({ Bucket: 'padhub', Key: key('parts.heic'), UploadId, PartNumber: n, Body: Buffer.alloc(bytes, n) }));
    await part(1, 10 * MiB);
    await expectS3Error(part(2, 6 * MiB), 'EntityTooLarge', 400);
    // Part 1 sent again replaces itself: only the other parts count.
    await part(1, 12 * MiB);
    await part(2, 3 * MiB);
  });
});
