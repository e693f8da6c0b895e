import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { errorCatalogue, limits } from '@padhub/contracts';
import { buildTestApp } from '#server-test/helper.ts';
import { checkMedia, inspectMedia, renditionKey } from './media.ts';
import { sniff } from './media-sniff.ts';

const app = await buildTestApp();
const store = app.storage.store;
const mine = 'u/padhub/7/';
const theirs = 'u/padhub/8/';

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (e: { key?: string; status?: number; data?: unknown }) => e,
  );
  expect(error, 'expected a refusal').not.toBeNull();
  return error!;
}

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 90 } } }).png().toBuffer();
const jpeg = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 10, g: 120, b: 250 } } }).jpeg().toBuffer();

describe('media checks before a post names an object', () => {
  it('accepts a real PNG and makes a 480 px WebP thumbnail and a 1080 px preview', async () => {
    const path = `${mine}photo.png`;
    await store.put(path, await png(2000, 1000), 'image/png');
    const [item] = await checkMedia(store, [{ path, kind: 'image' }], mine);
    expect(item).toEqual({ path, kind: 'image', width: 2000, height: 1000, thumb: renditionKey(path, 480), preview: renditionKey(path, 1080) });
    const thumb = await store.get(item!.thumb!);
    const bytes = Buffer.concat(await thumb!.body.toArray());
    expect(sniff(bytes)?.format).toBe('webp');
    expect(thumb!.contentType).toBe('image/webp');
    expect(await sharp(bytes).metadata()).toMatchObject({ width: 480, height: 240 });
  });

  it('accepts a JPEG, and does not enlarge a small one', async () => {
    const path = `${mine}small.jpg`;
    await store.put(path, await jpeg(300, 200), 'image/jpeg');
    const [item] = await checkMedia(store, [{ path, kind: 'image' }], mine);
    const preview = await store.get(item!.preview!);
    expect(await sharp(Buffer.concat(await preview!.body.toArray())).metadata()).toMatchObject({ width: 300, height: 200 });
  });

  it('accepts a real video, without renditions', async () => {
    const path = `${mine}clip.mp4`;
    await store.put(path, readFileSync(new URL('../../test/fixtures/tiny.mp4', import.meta.url)), 'video/mp4');
    expect(await checkMedia(store, [{ path, kind: 'video' }], mine)).toEqual([{ path, kind: 'video' }]);
  });

  it("makes a video's thumbnail from its poster, checked as an image", async () => {
    const path = `${mine}with-poster.mp4`;
    const poster = `${mine}with-poster.jpg`;
    await store.put(path, readFileSync(new URL('../../test/fixtures/tiny.mov', import.meta.url)), 'video/mp4');
    await store.put(poster, await jpeg(1280, 720), 'image/jpeg');
    const [item] = await checkMedia(store, [{ path, kind: 'video', thumb: poster }], mine);
    expect(item).toEqual({ path, kind: 'video', width: 1280, height: 720, thumb: renditionKey(poster, 480), preview: renditionKey(poster, 1080) });
    await store.put(`${mine}fake-poster.jpg`, Buffer.from('not a picture'), 'image/jpeg');
    expect(await refusal(checkMedia(store, [{ path, kind: 'video', thumb: `${mine}fake-poster.jpg` }], mine))).toMatchObject({ key: 'media_type_mismatch', data: { path: `${mine}fake-poster.jpg` } });
    expect(await refusal(checkMedia(store, [{ path, kind: 'video', thumb: `${theirs}photo.png` }], mine))).toMatchObject({ key: 'media_not_yours' });
  });

  it('refuses an image over 15 MB', async () => {
    const path = `${mine}huge.png`;
    await store.put(path, Buffer.concat([await png(10, 10), Buffer.alloc(16 * 1000 * 1000)]), 'image/png');
    const error = await refusal(checkMedia(store, [{ path, kind: 'image' }], mine));
    expect(error).toMatchObject({ key: 'media_too_large', status: errorCatalogue.media_too_large.status, data: { path, max: limits.imageMaxBytes } });
  });

  it('refuses a text file renamed .jpg', async () => {
    const path = `${mine}notes.jpg`;
    await store.put(path, Buffer.from('dear diary, today I renamed a text file'), 'image/jpeg');
    expect(await refusal(checkMedia(store, [{ path, kind: 'image' }], mine))).toMatchObject({ key: 'media_type_mismatch', data: { path } });
  });

  it('refuses an image claimed as a video, and a video claimed as an image', async () => {
    await store.put(`${mine}a.png`, await png(20, 20), 'image/png');
    await store.put(`${mine}b.avi`, Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('AVI '), Buffer.alloc(100)]), 'video/x-msvideo');
    expect(await refusal(inspectMedia(store, { path: `${mine}a.png`, kind: 'video' }, mine))).toMatchObject({ key: 'media_type_mismatch' });
    expect(await refusal(inspectMedia(store, { path: `${mine}b.avi`, kind: 'image' }, mine))).toMatchObject({ key: 'media_type_mismatch' });
  });

  it('refuses bytes that start like a PNG but are not one', async () => {
    const path = `${mine}broken.png`;
    await store.put(path, Buffer.concat([(await png(10, 10)).subarray(0, 16), Buffer.alloc(500, 7)]), 'image/png');
    expect(await refusal(checkMedia(store, [{ path, kind: 'image' }], mine))).toMatchObject({ key: 'media_type_mismatch' });
  });

  it("refuses someone else's object, without saying whether it exists", async () => {
    const path = `${theirs}photo.png`;
    await store.put(path, await png(10, 10), 'image/png');
    expect(await refusal(checkMedia(store, [{ path, kind: 'image' }], mine))).toMatchObject({ key: 'media_not_yours', status: 403 });
    expect(await refusal(checkMedia(store, [{ path: `${theirs}nothing.png`, kind: 'image' }], mine))).toMatchObject({ key: 'media_not_yours' });
    expect(await refusal(checkMedia(store, [{ path: `${mine}../8/photo.png`, kind: 'image' }], mine))).toMatchObject({ key: 'media_not_yours' });
  });

  it('refuses a missing object', async () => {
    expect(await refusal(checkMedia(store, [{ path: `${mine}never-uploaded.jpg`, kind: 'image' }], mine))).toMatchObject({ key: 'media_missing', status: 422 });
  });

  it('writes no rendition when any item of the post is refused', async () => {
    const good = `${mine}good.png`;
    await store.put(good, await png(40, 40), 'image/png');
    await refusal(checkMedia(store, [{ path: good, kind: 'image' }, { path: `${mine}missing.png`, kind: 'image' }], mine));
    expect(await store.head(renditionKey(good, 480))).toBeNull();
  });
});
