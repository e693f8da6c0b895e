import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { type Profile, errorCatalogue, errorMessages } from '@padhub/contracts';
import { buildTestApp, data, ORG, registerUser } from '#server-test/helper.ts';
import { listen } from '#server-test/storage.ts';
import { png, refusal, uploadAs } from '#server/modules/posting/test-fixtures.ts';
import { stored } from '#server/modules/media-lifecycle/test-fixtures.ts';
import { avatarObjectKeys } from '#server/storage/object-keys.ts';
import { userPrefix } from '#server/storage/object-store.ts';
import { renditionKey } from '#server/storage/renditions.ts';

const app = await buildTestApp({ REGISTER_LIMIT_PER_IP: '1000' });
const { origin } = await listen(app);
const store = app.storage.store;
const crop = { x: 100, y: 50, size: 400 };
const putAvatar = (headers: Record<string, string>, payload: object) => app.inject({ method: 'PUT', url: '/api/me/avatar', headers, payload });
const sizeOf = async (key: string) => {
  const object = await store.get(key);
  const chunks: Buffer[] = [];
  for await (const chunk of object!.body) chunks.push(chunk as Buffer);
  const meta = await sharp(Buffer.concat(chunks)).metadata();
  return { format: meta.format, width: meta.width, height: meta.height };
};

describe('PUT /api/me/avatar', () => {
  it('keeps the square cropped at 96 and 256 px, shows it as the person, and deletes the avatar it replaces', async () => {
    const alice = await registerUser(app);
    const first = await uploadAs(origin, alice, 'me.png', await png(800, 600), 'image/png');
    const profile = data<Profile>(await putAvatar(alice.headers, { path: first, crop }));
    expect(profile.user.avatar).toBe(renditionKey(first, 256));
    expect(await sizeOf(renditionKey(first, 256))).toEqual({ format: 'webp', width: 256, height: 256 });
    expect(await sizeOf(renditionKey(first, 96))).toEqual({ format: 'webp', width: 96, height: 96 });
    expect(data<{ avatar: string }>(await app.inject({ method: 'GET', url: '/api/me', headers: alice.headers })).avatar).toBe(renditionKey(first, 256));

    // The crop is the picture's: a square of the left half (red) and right half (blue) picture comes out blue.
    const halves = await sharp({ create: { width: 600, height: 300, channels: 3, background: { r: 255, g: 0, b: 0 } } })
      .composite([{ input: await png(300, 300, 0), left: 300, top: 0 }])
      .png()
      .toBuffer();
    const second = await uploadAs(origin, alice, 'halves.png', halves, 'image/png');
    data(await putAvatar(alice.headers, { path: second, crop: { x: 300, y: 0, size: 300 } }));
    const body = await store.get(renditionKey(second, 96));
    const chunks: Buffer[] = [];
    for await (const chunk of body!.body) chunks.push(chunk as Buffer);
    const { channels } = await sharp(Buffer.concat(chunks)).stats();
    expect(channels[0]!.mean).toBeLessThan(20);
    expect(channels[2]!.mean).toBeGreaterThan(60);

    await app.lifecycle.settled();
    expect(await stored(app, avatarObjectKeys(first))).toEqual([]);
    // The avatar now shown is named: the orphan sweep, a month on, keeps its picture and squares.
    await app.lifecycle.queueOrphans(Date.now() + 30 * 24 * 3600 * 1000);
    await app.lifecycle.drain();
    expect(await stored(app, avatarObjectKeys(second))).toEqual(avatarObjectKeys(second));
  });

  it('refuses a file that is not an image, a crop past the edges and a file too large, in the person’s language', async () => {
    const bob = await registerUser(app);
    const text = await uploadAs(origin, bob, 'notes.png', Buffer.from('just some words, not a picture at all'), 'image/png');
    expect(refusal(await putAvatar(bob.headers, { path: text, crop }))).toMatchObject({ status: 422, code: errorCatalogue.media_type_mismatch.code });

    const picture = await uploadAs(origin, bob, 'small.png', await png(300, 200), 'image/png');
    const outside = await putAvatar({ ...bob.headers, 'accept-language': 'en' }, { path: picture, crop: { x: 0, y: 0, size: 201 } });
    expect(refusal(outside)).toMatchObject({ status: 422, code: errorCatalogue.avatar_crop_outside.code });
    expect(outside.json().message).toBe(errorMessages.avatar_crop_outside.en);
    expect((await putAvatar(bob.headers, { path: picture, crop: { x: 0, y: 0, size: 10 } })).statusCode).toBe(400);

    // Written past the embedded endpoint (which stops a picture at 15 MB as it arrives), as an S3 store would keep it.
    const huge = `${userPrefix(bob.org, bob.id)}huge.png`;
    await store.put(huge, Buffer.concat([await png(100, 100), Buffer.alloc(16 * 1024 * 1024)]), 'image/png');
    expect(refusal(await putAvatar(bob.headers, { path: huge, crop }))).toMatchObject({ status: 413, code: errorCatalogue.media_too_large.code });
    expect(data<{ avatar: string | null }>(await app.inject({ method: 'GET', url: '/api/me', headers: bob.headers })).avatar).toBeNull();
  });

  it('refuses another person’s picture and anyone signed out', async () => {
    const [owner, other] = [await registerUser(app), await registerUser(app)];
    const picture = await uploadAs(origin, owner, 'mine.png', await png(), 'image/png');
    expect(refusal(await putAvatar(other.headers, { path: picture, crop }))).toMatchObject({ status: 403, code: errorCatalogue.media_not_yours.code });
    const signedOut = await putAvatar({ accorgid: ORG }, { path: picture, crop });
    expect(refusal(signedOut)).toMatchObject({ status: 401, code: errorCatalogue.login_required.code });
    expect(await stored(app, [renditionKey(picture, 256)])).toEqual([]);
  });
});

describe('DELETE /api/me/avatar', () => {
  it('shows the initials again, deletes the picture and its squares, and refuses anyone signed out', async () => {
    const carol = await registerUser(app);
    const picture = await uploadAs(origin, carol, 'me.png', await png(400, 400), 'image/png');
    data(await putAvatar(carol.headers, { path: picture, crop: { x: 0, y: 0, size: 400 } }));
    const removed = await app.inject({ method: 'DELETE', url: '/api/me/avatar', headers: carol.headers });
    expect(data<Profile>(removed).user.avatar).toBeNull();
    expect(data<{ avatar: string | null }>(await app.inject({ method: 'GET', url: '/api/me', headers: carol.headers })).avatar).toBeNull();
    await app.lifecycle.settled();
    expect(await stored(app, avatarObjectKeys(picture))).toEqual([]);
    // Again, with no avatar: nothing to delete, the same answer.
    expect(data<Profile>(await app.inject({ method: 'DELETE', url: '/api/me/avatar', headers: carol.headers })).user.avatar).toBeNull();
    expect(refusal(await app.inject({ method: 'DELETE', url: '/api/me/avatar', headers: { accorgid: ORG } }))).toMatchObject({ status: 401, code: errorCatalogue.login_required.code });
  });
});
