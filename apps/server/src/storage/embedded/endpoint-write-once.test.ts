import {
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  GetObjectCommand,
  ListPartsCommand,
  PutObjectCommand,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { describe, expect, it } from 'vitest';
import { buildTestApp, registerUser } from '#server-test/helper.ts';
import { credentialsOf, expectS3Error, listen, mint, s3With } from '#server-test/storage.ts';

const app = await buildTestApp();
const { origin, endpoint } = await listen(app);
const creds = await credentialsOf(origin, await registerUser(app));
const s3 = s3With(creds);
const target = (name: string) => ({ Bucket: 'padhub', Key: `${creds.prefix}${name}` });
const read = async (name: string) => (await (await s3.send(new GetObjectCommand(target(name)))).Body!.transformToString());

async function multipart(name: string, body: string) {
  const { UploadId } = await s3.send(new CreateMultipartUploadCommand({ ...target(name), ContentType: 'video/mp4' }));
  const { ETag } = await s3.send(new UploadPartCommand({ ...target(name), UploadId, PartNumber: 1, Body: body }));
  const complete = (options: { IfNoneMatch?: string } = {}) =>
    s3.send(new CompleteMultipartUploadCommand({ ...target(name), UploadId, MultipartUpload: { Parts: [{ PartNumber: 1, ETag }] }, ...options }));
  return { uploadId: UploadId!, complete };
}

describe('objects are written once under user credentials (a post checked their bytes)', () => {
  it('stores a first PutObject, and refuses a second onto the same key with 412, keeping the first', async () => {
    await s3.send(new PutObjectCommand({ ...target('photo.jpg'), Body: 'the checked picture', ContentType: 'image/jpeg' }));
    await expectS3Error(s3.send(new PutObjectCommand({ ...target('photo.jpg'), Body: 'something else', ContentType: 'image/jpeg' })), 'PreconditionFailed', 412);
    expect(await read('photo.jpg')).toBe('the checked picture');
  });

  it('answers 412 with S3 semantics to If-None-Match: *, the header the uploader signs', async () => {
    await s3.send(new PutObjectCommand({ ...target('conditional.jpg'), Body: 'first', IfNoneMatch: '*' }));
    await expectS3Error(s3.send(new PutObjectCommand({ ...target('conditional.jpg'), Body: 'second', IfNoneMatch: '*' })), 'PreconditionFailed', 412);
    expect(await read('conditional.jpg')).toBe('first');
  });

  it('honours If-None-Match: * for the server credentials too, which may otherwise replace', async () => {
    const server = s3With(mint(app, endpoint, { prefix: '', access: 'full' }));
    await server.send(new PutObjectCommand({ ...target('server.webp'), Body: 'one' }));
    await expectS3Error(server.send(new PutObjectCommand({ ...target('server.webp'), Body: 'two', IfNoneMatch: '*' })), 'PreconditionFailed', 412);
    await server.send(new PutObjectCommand({ ...target('server.webp'), Body: 'three' }));
    expect(await read('server.webp')).toBe('three');
  });

  it('refuses an If-None-Match other than * on a write, as S3 does', async () => {
    await expectS3Error(s3.send(new PutObjectCommand({ ...target('etag.jpg'), Body: 'x', IfNoneMatch: '"0123"' })), 'NotImplemented', 501);
  });

  it('refuses to complete a multipart upload onto an existing key, and the upload keeps its parts', async () => {
    await s3.send(new PutObjectCommand({ ...target('clip.mp4'), Body: 'the checked video' }));
    const upload = await multipart('clip.mp4', 'another video');
    await expectS3Error(upload.complete({ IfNoneMatch: '*' }), 'PreconditionFailed', 412);
    await expectS3Error(upload.complete(), 'PreconditionFailed', 412);
    expect(await read('clip.mp4')).toBe('the checked video');
    const parts = await s3.send(new ListPartsCommand({ ...target('clip.mp4'), UploadId: upload.uploadId }));
    expect(parts.Parts?.map((p) => p.PartNumber)).toEqual([1]);
  });

  it('lets only the first of two uploads to one key complete', async () => {
    const first = await multipart('race.mp4', 'first');
    const second = await multipart('race.mp4', 'second');
    await second.complete({ IfNoneMatch: '*' });
    await expectS3Error(first.complete({ IfNoneMatch: '*' }), 'PreconditionFailed', 412);
    expect(await read('race.mp4')).toBe('second');
  });

  it('answers a repeated completion of the same upload with its first result (a lost answer), with or without the header', async () => {
    const upload = await multipart('retried.mp4', 'the video');
    const first = await upload.complete({ IfNoneMatch: '*' });
    expect((await upload.complete({ IfNoneMatch: '*' })).ETag).toBe(first.ETag);
    expect((await upload.complete()).ETag).toBe(first.ETag);
    expect(await read('retried.mp4')).toBe('the video');
  });
});
