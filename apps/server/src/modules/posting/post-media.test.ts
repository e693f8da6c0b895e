import { PutObjectCommand } from '@aws-sdk/client-s3';
import { describe, expect, it } from 'vitest';
import { type Page, type Post, errorCatalogue } from '@padhub/contracts';
import { type Actor, buildTestApp, data, registerUser } from '#server-test/helper.ts';
import { credentialsOf, listen, mint, s3With } from '#server-test/storage.ts';
import { userPrefix } from '#server/storage/object-store.ts';
import { createPost, mp4, png, refusal, uploadAs } from './test-fixtures.ts';

// The storage's own tests refuse expired credentials, wrong signatures and keys outside the prefix
// at the endpoint (storage/embedded/endpoint-auth.test.ts); these are the checks a post makes.
const app = await buildTestApp();
const { origin, endpoint } = await listen(app);

async function nothingMadeFor(actor: Actor) {
  expect(data<Page<Post>>(await app.inject({ method: 'GET', url: '/api/me/posts', headers: actor.headers })).items).toEqual([]);
  const [row] = await app.db.query<{ n: number }>('select count(*)::int as n from post_requests where user_id = $1', [actor.id]);
  expect(row!.n).toBe(0);
}

describe('a new post re-checks every file it names', () => {
  it('refuses a 16 MB image as too large, and keeps nothing of the post', async () => {
    const alice = await registerUser(app);
    // Written past the embedded endpoint (which stops a picture at 15 MB as it arrives), as an S3 store would keep it.
    const huge = `${userPrefix(alice.org, alice.id)}huge.png`;
    await app.storage.store.put(huge, Buffer.concat([await png(10, 10), Buffer.alloc(16 * 1024 * 1024)]), 'image/png');
    const small = await uploadAs(origin, alice, 'small.png', await png(), 'image/png');
    const res = await createPost(app, alice, { content: 'big', media: [{ path: small, kind: 'image' }, { path: huge, kind: 'image' }] });
    expect(refusal(res)).toMatchObject({ status: 413, code: errorCatalogue.media_too_large.code, data: { path: huge } });
    await nothingMadeFor(alice);
  });

  it('refuses a text file renamed .jpg', async () => {
    const alice = await registerUser(app);
    const fake = await uploadAs(origin, alice, 'holiday.jpg', Buffer.from('just some text, not a picture at all'), 'image/jpeg');
    const res = await createPost(app, alice, { content: 'look', media: [{ path: fake, kind: 'image' }] });
    expect(refusal(res)).toMatchObject({ status: 422, code: errorCatalogue.media_type_mismatch.code, data: { path: fake } });
    await nothingMadeFor(alice);
  });

  it('refuses a picture claimed as a video, and a poster that is not a picture', async () => {
    const alice = await registerUser(app);
    const picture = await uploadAs(origin, alice, 'still.png', await png(), 'image/png');
    const video = await uploadAs(origin, alice, 'clip.mp4', mp4(), 'video/mp4');
    const other = await uploadAs(origin, alice, 'clip2.mp4', mp4(), 'video/mp4');
    expect(refusal(await createPost(app, alice, { content: 'x', media: [{ path: picture, kind: 'video' }] })).code).toBe(errorCatalogue.media_type_mismatch.code);
    const poster = await createPost(app, alice, { content: 'x', media: [{ path: video, kind: 'video', thumb: other }] });
    expect(refusal(poster)).toMatchObject({ code: errorCatalogue.media_type_mismatch.code, data: { path: other } });
    await nothingMadeFor(alice);
  });

  it("refuses someone else's object without saying whether it exists", async () => {
    const alice = await registerUser(app);
    const bob = await registerUser(app);
    const bobs = await uploadAs(origin, bob, 'bob.png', await png(), 'image/png');
    const res = await createPost(app, alice, { content: 'stolen', media: [{ path: bobs, kind: 'image' }] });
    expect(refusal(res)).toMatchObject({ status: 403, code: errorCatalogue.media_not_yours.code });
    const made = await createPost(app, alice, { content: 'stolen', media: [{ path: `${bobs}.missing`, kind: 'image' }] });
    expect(refusal(made)).toMatchObject({ status: 403, code: errorCatalogue.media_not_yours.code });
    // Nor a poster of someone else's.
    const video = await uploadAs(origin, alice, 'mine.mp4', mp4(), 'video/mp4');
    expect(refusal(await createPost(app, alice, { content: 'x', media: [{ path: video, kind: 'video', thumb: bobs }] })).code).toBe(errorCatalogue.media_not_yours.code);
    await nothingMadeFor(alice);
  });

  it('refuses an object that was never uploaded: an upload with expired credentials never lands', async () => {
    const alice = await registerUser(app);
    const { prefix } = await credentialsOf(origin, alice);
    const key = `${prefix}post/late.png`;
    const expired = mint(app, endpoint, { prefix, expiresAt: new Date(Date.now() - 1000) });
    await expect(s3With(expired).send(new PutObjectCommand({ Bucket: 'padhub', Key: key, Body: await png() }))).rejects.toThrow();
    const res = await createPost(app, alice, { content: 'late', media: [{ path: key, kind: 'image' }] });
    expect(refusal(res)).toMatchObject({ status: 422, code: errorCatalogue.media_missing.code, data: { path: key } });
    await nothingMadeFor(alice);
  });

  it('lets the same Idempotency-Key through once the files are right: a refusal records nothing', async () => {
    const alice = await registerUser(app);
    const fake = await uploadAs(origin, alice, 'fake.png', Buffer.from('not a png'), 'image/png');
    const real = await uploadAs(origin, alice, 'real.png', await png(), 'image/png');
    const key = 'retry-after-refusal-0001';
    expect((await createPost(app, alice, { content: 'pics', media: [{ path: fake, kind: 'image' }] }, { key })).statusCode).toBe(422);
    const post = data<Post>(await createPost(app, alice, { content: 'pics', media: [{ path: real, kind: 'image' }] }, { key }));
    expect(post.media.map((m) => m.path)).toEqual([real]);
  });
});
