import { utimes } from 'node:fs/promises';
import path from 'node:path';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListPartsCommand,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { describe, expect, it } from 'vitest';
import { buildTestApp, registerUser } from '#server-test/helper.ts';
import { credentialsOf, expectS3Error, listen, mint, s3With } from '#server-test/storage.ts';

const app = await buildTestApp();
const { origin, endpoint } = await listen(app);
const aliceActor = await registerUser(app);
const alice = await credentialsOf(origin, aliceActor);
const bob = await credentialsOf(origin, await registerUser(app));
const s3 = s3With(alice);
const MiB = 1024 * 1024;
const filled = (n: number, seed: number) => Buffer.alloc(n, seed);
const target = (name: string) => ({ Bucket: 'padhub', Key: `${alice.prefix}${name}` });

async function start(name: string) {
  const created = await s3.send(new CreateMultipartUploadCommand({ ...target(name), ContentType: 'video/mp4' }));
  return created.UploadId!;
}

async function part(name: string, uploadId: string, partNumber: number, body: Buffer, client = s3) {
  const answer = await client.send(new UploadPartCommand({ ...target(name), UploadId: uploadId, PartNumber: partNumber, Body: body }));
  return { PartNumber: partNumber, ETag: answer.ETag };
}

describe('multipart uploads', () => {
  it('creates, uploads parts, lists them and completes into one object', async () => {
    const uploadId = await start('video.mp4');
    const one = await part('video.mp4', uploadId, 1, filled(5 * MiB, 1));
    const two = await part('video.mp4', uploadId, 2, filled(1000, 2));
    const listed = await s3.send(new ListPartsCommand({ ...target('video.mp4'), UploadId: uploadId }));
    expect(listed.Parts?.map((p) => [p.PartNumber, p.Size, p.ETag])).toEqual([
      [1, 5 * MiB, one.ETag],
      [2, 1000, two.ETag],
    ]);
    const done = await s3.send(new CompleteMultipartUploadCommand({ ...target('video.mp4'), UploadId: uploadId, MultipartUpload: { Parts: [one, two] } }));
    expect(done.ETag).toMatch(/^"[0-9a-f]{32}-2"$/);

    const got = await s3.send(new GetObjectCommand(target('video.mp4')));
    expect(got.ContentType).toBe('video/mp4');
    const whole = Buffer.from(await got.Body!.transformToByteArray());
    expect(whole.equals(Buffer.concat([filled(5 * MiB, 1), filled(1000, 2)]))).toBe(true);
    const seek = await s3.send(new GetObjectCommand({ ...target('video.mp4'), Range: `bytes=${5 * MiB - 2}-${5 * MiB + 1}` }));
    expect([...(await seek.Body!.transformToByteArray())]).toEqual([1, 1, 2, 2]);
    await expectS3Error(s3.send(new ListPartsCommand({ ...target('video.mp4'), UploadId: uploadId })), 'NoSuchUpload', 404);
  });

  it('resumes after a failure: the stored parts are listed and the rest follows', async () => {
    const uploadId = await start('resume.mp4');
    const first = await part('resume.mp4', uploadId, 1, filled(5 * MiB, 3));
    // The client starts again from its draft: it asks what is stored and sends only the rest.
    const stored = await s3.send(new ListPartsCommand({ ...target('resume.mp4'), UploadId: uploadId }));
    expect(stored.Parts?.map((p) => p.PartNumber)).toEqual([1]);
    const second = await part('resume.mp4', uploadId, 2, filled(10, 4));
    await s3.send(new CompleteMultipartUploadCommand({ ...target('resume.mp4'), UploadId: uploadId, MultipartUpload: { Parts: [first, second] } }));
    expect((await s3.send(new HeadObjectCommand(target('resume.mp4')))).ContentLength).toBe(5 * MiB + 10);
  });

  it('continues the same upload with new credentials after ExpiredToken', async () => {
    const uploadId = await start('long.mp4');
    const first = await part('long.mp4', uploadId, 1, filled(5 * MiB, 5));
    const expired = s3With(mint(app, endpoint, { prefix: alice.prefix, expiresAt: new Date(Date.now() - 1) }));
    await expectS3Error(part('long.mp4', uploadId, 2, filled(10, 6), expired), 'ExpiredToken', 403);
    const renewed = s3With(await credentialsOf(origin, aliceActor));
    const second = await part('long.mp4', uploadId, 2, filled(10, 6), renewed);
    await s3.send(new CompleteMultipartUploadCommand({ ...target('long.mp4'), UploadId: uploadId, MultipartUpload: { Parts: [first, second] } }));
  });

  it('answers a repeated completion with the same result (a client that lost the first answer)', async () => {
    const uploadId = await start('twice.mp4');
    const parts = [await part('twice.mp4', uploadId, 1, filled(100, 7))];
    const complete = () => s3.send(new CompleteMultipartUploadCommand({ ...target('twice.mp4'), UploadId: uploadId, MultipartUpload: { Parts: parts } }));
    const first = await complete();
    expect((await complete()).ETag).toBe(first.ETag);
  });

  it('refuses parts named with a wrong ETag, out of order, or too small', async () => {
    const uploadId = await start('bad.mp4');
    const one = await part('bad.mp4', uploadId, 1, filled(1000, 8));
    const two = await part('bad.mp4', uploadId, 2, filled(1000, 9));
    const complete = (parts: { PartNumber: number; ETag?: string }[]) =>
      s3.send(new CompleteMultipartUploadCommand({ ...target('bad.mp4'), UploadId: uploadId, MultipartUpload: { Parts: parts } }));
    await expectS3Error(complete([{ PartNumber: 1, ETag: '"0123456789abcdef0123456789abcdef"' }]), 'InvalidPart', 400);
    await expectS3Error(complete([two, one]), 'InvalidPartOrder', 400);
    await expectS3Error(complete([one, two]), 'EntityTooSmall', 400);
    await expectS3Error(complete([{ PartNumber: 3, ETag: one.ETag }]), 'InvalidPart', 400);
  });

  it('aborts: the parts go and the upload is gone', async () => {
    const uploadId = await start('abort.mp4');
    await part('abort.mp4', uploadId, 1, filled(100, 1));
    await s3.send(new AbortMultipartUploadCommand({ ...target('abort.mp4'), UploadId: uploadId }));
    await expectS3Error(s3.send(new ListPartsCommand({ ...target('abort.mp4'), UploadId: uploadId })), 'NoSuchUpload', 404);
    await expectS3Error(part('abort.mp4', uploadId, 2, filled(10, 1)), 'NoSuchUpload', 404);
    expect((await fetch(`${endpoint}/padhub/${alice.prefix}abort.mp4`)).status).toBe(404);
  });

  it("keeps another user out of an upload, even one who knows its id", async () => {
    const uploadId = await start('private.mp4');
    const bobs = s3With(bob);
    await expectS3Error(part('private.mp4', uploadId, 1, filled(10, 1), bobs), 'AccessDenied', 403);
    await expectS3Error(bobs.send(new AbortMultipartUploadCommand({ ...target('private.mp4'), UploadId: uploadId })), 'AccessDenied', 403);
    // Bob's own key with Alice's upload id: the upload belongs to another key.
    const bobTarget = { Bucket: 'padhub', Key: `${bob.prefix}private.mp4`, UploadId: uploadId };
    await expectS3Error(bobs.send(new UploadPartCommand({ ...bobTarget, PartNumber: 1, Body: filled(10, 1) })), 'NoSuchUpload', 404);
  });

  it('refuses part numbers outside 1..10000 and made-up upload ids', async () => {
    const uploadId = await start('numbers.mp4');
    await expectS3Error(part('numbers.mp4', uploadId, 10_001, filled(10, 1)), 'InvalidArgument', 400);
    await expectS3Error(part('numbers.mp4', '../../keys', 1, filled(10, 1)), 'NoSuchUpload', 404);
  });
});

describe('the sweep of abandoned uploads', () => {
  it('removes an upload untouched for a day and keeps a fresh one', async () => {
    const oldId = await start('abandoned.mp4');
    await part('abandoned.mp4', oldId, 1, filled(100, 1));
    const freshId = await start('fresh.mp4');
    const dayAndAHourAgo = new Date(Date.now() - 25 * 3600 * 1000);
    await utimes(path.join(app.storage.embedded!.files.root, 'uploads', oldId), dayAndAHourAgo, dayAndAHourAgo);

    const swept = await app.storage.embedded!.sweep();
    expect(swept.uploads).toBe(1);
    await expectS3Error(s3.send(new ListPartsCommand({ ...target('abandoned.mp4'), UploadId: oldId })), 'NoSuchUpload', 404);
    expect((await s3.send(new ListPartsCommand({ ...target('fresh.mp4'), UploadId: freshId }))).Parts ?? []).toEqual([]);
  });
});
