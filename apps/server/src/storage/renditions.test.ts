import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '#server-test/helper.ts';
import { checkMedia } from './media.ts';
import type { ObjectStore } from './object-store.ts';
import { RENDITIONS, renderSlots, renditionKey } from './renditions.ts';

const app = await buildTestApp();
const prefix = 'u/padhub/7/';

/**
 * The embedded store, watched: which keys are written, and how many originals are held by a render
 * at once (from reading the whole object until both of its renditions are written).
 */
function watched(store: ObjectStore) {
  const writes: string[] = [];
  const held = new Map<string, number>();
  let most = 0;
  const wrapped: ObjectStore = {
    issueCredentials: (request) => store.issueCredentials(request),
    head: (key) => store.head(key),
    delete: (key) => store.delete(key),
    list: (prefix) => store.list(prefix),
    publicUrl: (key, origin) => store.publicUrl(key, origin),
    async get(key, range) {
      if (!range) {
        held.set(key, 0);
        most = Math.max(most, held.size);
      }
      return store.get(key, range);
    },
    async put(key, body, contentType) {
      await store.put(key, body, contentType);
      writes.push(key);
      const source = /^t\/(.*)\.w\d+\.webp$/.exec(key)?.[1];
      if (source !== undefined && held.has(source)) {
        const written = held.get(source)! + 1;
        if (written === Object.keys(RENDITIONS).length) held.delete(source);
        else held.set(source, written);
      }
    },
  };
  return { store: wrapped, writes, most: () => most };
}

const photo = (width: number, height: number, seed: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: seed * 40, g: 120, b: 200 } } }).jpeg().toBuffer();

describe('renditions of a post of many pictures', () => {
  it('renders several at once, never more than the render slots hold, and answers in order', async () => {
    const paths = Array.from({ length: 6 }, (_, i) => `${prefix}many/${i}.jpg`);
    for (const [i, path] of paths.entries()) await app.storage.store.put(path, await photo(1600 + i, 1200, i), 'image/jpeg');
    const watch = watched(app.storage.store);
    const media = await checkMedia(watch.store, paths.map((path) => ({ path, kind: 'image' })), prefix);
    expect(media.map((m) => [m.path, m.width, m.thumb])).toEqual(paths.map((path, i) => [path, 1600 + i, renditionKey(path, RENDITIONS.thumb)]));
    expect(renderSlots.size).toBeGreaterThanOrEqual(2);
    expect(watch.most()).toBeGreaterThanOrEqual(2);
    expect(watch.most()).toBeLessThanOrEqual(renderSlots.size);
  });

  it('does not render again what a retry names: the renditions exist and the sizes are read from the headers', async () => {
    const rotated = `${prefix}retry/rotated.jpg`;
    await app.storage.store.put(rotated, await sharp(await photo(1600, 1200, 1)).withMetadata({ orientation: 6 }).jpeg().toBuffer(), 'image/jpeg');
    // A WebP over 256 KiB, whose size is not in its first bytes: read whole.
    const noisy = `${prefix}retry/noisy.webp`;
    const webp = await sharp({ create: { width: 1500, height: 1000, channels: 3, background: 'black', noise: { type: 'gaussian', mean: 128, sigma: 60 } } }).webp({ quality: 95 }).toBuffer();
    expect(webp.length).toBeGreaterThan(256 * 1024);
    await app.storage.store.put(noisy, webp, 'image/webp');
    const claims = [rotated, noisy].map((path) => ({ path, kind: 'image' as const }));

    const first = await checkMedia(app.storage.store, claims, prefix);
    expect(first.map((m) => [m.width, m.height])).toEqual([
      [1200, 1600],
      [1500, 1000],
    ]);
    const watch = watched(app.storage.store);
    expect(await checkMedia(watch.store, claims, prefix)).toEqual(first);
    expect(watch.writes).toEqual([]);
  });

  it('renders again when only one of the renditions exists (a render cut off half-way)', async () => {
    const path = `${prefix}half/one.jpg`;
    await app.storage.store.put(path, await photo(800, 600, 2), 'image/jpeg');
    await checkMedia(app.storage.store, [{ path, kind: 'image' }], prefix);
    await app.storage.store.delete(renditionKey(path, RENDITIONS.preview));
    const watch = watched(app.storage.store);
    const [item] = await checkMedia(watch.store, [{ path, kind: 'image' }], prefix);
    expect(watch.writes.sort()).toEqual([renditionKey(path, RENDITIONS.preview), renditionKey(path, RENDITIONS.thumb)].sort());
    expect(item).toMatchObject({ width: 800, height: 600, preview: renditionKey(path, RENDITIONS.preview) });
  });
});
