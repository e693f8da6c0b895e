import { CreateMultipartUploadCommand, PutObjectCommand, UploadPartCommand } from '@aws-sdk/client-s3';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config.ts';
import type { EmbeddedStorageConfig } from '#server/storage/config.ts';
import { buildTestApp, registerUser } from '#server-test/helper.ts';
import { presign } from '@padhub/s3-endpoint';
import { type WireCredentials, credentialsOf, expectS3Error, listen, mint, putChunked, s3With } from '#server-test/storage.ts';

const MiB = 1024 * 1024;
// Two MiB a day per person: small enough to use up in a test.
const app = await buildTestApp({ STORAGE_UPLOAD_QUOTA_MB: '2', REGISTER_LIMIT_PER_IP: '1000' });
const { origin, endpoint } = await listen(app);

async function uploader() {
  const actor = await registerUser(app);
  const creds = await credentialsOf(origin, actor);
  const s3 = s3With(creds);
  const put = (name: string, bytes: number, extra: Partial<ConstructorParameters<typeof PutObjectCommand>[0]> = {}) =>
    s3.send(new PutObjectCommand({ Bucket: 'padhub', Key: `${creds.prefix}${name}`, Body: Buffer.alloc(bytes, 7), ...extra }));
  return { actor, creds, s3, put };
}

async function usedToday(userId: string): Promise<number> {
  const [row] = await app.db.query<{ bytes: string }>(`select bytes from upload_usage where user_id = $1 and day = (now() at time zone 'utc')::date`, [userId]);
  return Number(row?.bytes ?? 0);
}

describe('the daily upload quota of the embedded endpoint', () => {
  it('counts what each person uploads and refuses past the quota with S3 error XML (403 QuotaExceeded)', async () => {
    const alice = await uploader();
    await alice.put('one.bin', MiB);
    await alice.put('two.bin', MiB - 10);
    expect(await usedToday(alice.actor.id)).toBe(2 * MiB - 10);
    await expectS3Error(alice.put('three.bin', 11), 'QuotaExceeded', 403);
    // What still fits is taken.
    await alice.put('fits.bin', 10);
    expect(await usedToday(alice.actor.id)).toBe(2 * MiB);

    // The message of the error XML says what the limit is and when it opens again.
    const error = await alice.put('xml.bin', 1).then(
      () => null,
      (e: Error) => e,
    );
    expect(error?.message).toMatch(/2 MiB a day.*00:00 UTC/);

    // Someone else has their own quota.
    const bob = await uploader();
    await bob.put('bobs.bin', MiB);
  });

  it('counts the parts of multipart uploads, and gives back the bytes of a body that failed its checks', async () => {
    const carol = await uploader();
    const key = `${carol.creds.prefix}video.mp4`;
    const { UploadId } = await carol.s3.send(new CreateMultipartUploadCommand({ Bucket: 'padhub', Key: key }));
    const part = (n: number, bytes: number) => carol.s3.send(new UploadPartCommand({ Bucket: 'padhub', Key: key, UploadId, PartNumber: n, Body: Buffer.alloc(bytes, n) }));
    await part(1, MiB + MiB / 2);
    expect(await usedToday(carol.actor.id)).toBe(MiB + MiB / 2);
    await expectS3Error(part(2, MiB), 'QuotaExceeded', 403);

    // A body whose MD5 does not match is refused after it arrived: it is not counted.
    await expectS3Error(carol.put('bad.bin', 1000, { ContentMD5: Buffer.alloc(16).toString('base64') }), 'BadDigest', 400);
    expect(await usedToday(carol.actor.id)).toBe(MiB + MiB / 2);
  });

  it("does not count the server's own writes (renditions, the seed)", async () => {
    const server = s3With(mint(app, endpoint, { prefix: '', access: 'full' }));
    await server.send(new PutObjectCommand({ Bucket: 'padhub', Key: 't/u/padhub/test/x.webp', Body: Buffer.alloc(3 * MiB, 1) }));
    expect(await usedToday('test')).toBe(0);
  });
});

describe('bodies that declare no length (Transfer-Encoding: chunked)', () => {
  const KiB = 1024;
  const storedUnder = async (prefix: string) => {
    let bytes = 0;
    for await (const object of app.storage.store.list(prefix)) bytes += object.size;
    return bytes;
  };
  const chunked = async (creds: WireCredentials, name: string, bytes: number) => putChunked(await presign(creds, `${creds.prefix}${name}`, { expiresIn: 300 }), bytes);

  it('are counted as they stream: parallel ones stop at the quota, and what is refused is not stored', async () => {
    const dave = await uploader();
    const results = await Promise.all(Array.from({ length: 8 }, (_, i) => chunked(dave.creds, `part${i}.bin`, 400 * KiB)));
    const stored = await storedUnder(dave.creds.prefix);
    expect(stored).toBeLessThanOrEqual(2 * MiB);
    expect(stored).toBe((results.filter((r) => r.status === 200).length * 400 * KiB));
    expect(results.filter((r) => r.status !== 200).length).toBeGreaterThanOrEqual(3);
    expect(results.find((r) => r.status === 403)?.body).toMatch(/QuotaExceeded/);
    expect(await usedToday(dave.actor.id)).toBe(stored);
  });

  it('stops one large body at the quota, answering QuotaExceeded, and keeps none of it', async () => {
    const erin = await uploader();
    const result = await chunked(erin.creds, 'big.bin', 20 * MiB);
    expect(result.status).toBe(403);
    expect(result.body).toMatch(/QuotaExceeded/);
    expect(await storedUnder(erin.creds.prefix)).toBe(0);
    expect(await usedToday(erin.actor.id)).toBe(0);
    // The quota's bytes are all still there.
    expect((await chunked(erin.creds, 'fits.bin', 2 * MiB)).status).toBe(200);
  });
});

describe('STORAGE_UPLOAD_QUOTA_MB', () => {
  const quotaOf = (value?: string) => (loadConfig(value === undefined ? {} : { STORAGE_UPLOAD_QUOTA_MB: value }).storage as EmbeddedStorageConfig).dailyUploadQuotaBytes;
  it('is 4 GiB a day by default, 0 turns it off, and anything else is refused', () => {
    expect(quotaOf()).toBe(4096 * MiB);
    expect(quotaOf('0')).toBeNull();
    expect(quotaOf('100')).toBe(100 * MiB);
    expect(() => quotaOf('-1')).toThrow(/STORAGE_UPLOAD_QUOTA_MB/);
    expect(() => quotaOf('lots')).toThrow(/STORAGE_UPLOAD_QUOTA_MB/);
  });
});
