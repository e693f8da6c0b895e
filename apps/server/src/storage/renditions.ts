import { availableParallelism } from 'node:os';
import type { Readable } from 'node:stream';
import sharp from 'sharp';
import type { Media } from '@padhub/contracts';
import { fail } from '#server/lib/errors.ts';
import { Slots } from './bounded.ts';
import type { ObjectStore } from './object-store.ts';

/** Renditions made of every image (and video poster): a card thumbnail and a detail-page preview, both WebP. */
export const RENDITIONS = { thumb: 480, preview: 1080 } as const;

/** The square renditions of an avatar (storage/avatar.ts): small beside names, large on the profile. */
export const AVATAR_SIZES = [96, 256] as const;

export type Renditions = Pick<Media, 'thumb' | 'preview' | 'width' | 'height'>;

export function renditionKey(path: string, width: number): string {
  return `t/${path}.w${width}.webp`;
}

/**
 * Images being rendered at once in this process, whichever posts they belong to. sharp runs each
 * on one libvips thread here (its default on glibc without jemalloc) inside libuv's pool of 4, so
 * about one per core keeps the cores busy; each holds its original (at most 15 MB) and a shrunk
 * decode, so this also bounds memory: a post of 18 large photos never holds them all.
 */
export const renderSlots = new Slots(Math.min(4, Math.max(2, availableParallelism())));

/** Enough of the start of a file for its header (JPEG EXIF and ICC segments included), to read its size without the rest. */
const HEADER_BYTES = 256 * 1024;

/**
 * WebP renditions of an image, turned upright by its EXIF orientation, and its upright size.
 * Renditions that exist already (a retried post, or another post naming the same file) are kept:
 * user objects are written once, so they still show the same bytes (whoever comes to delete an
 * original must delete its renditions with it, or a new upload to that key would inherit them).
 * sharp's prebuilt libvips
 * decodes no HEVC: a HEIC photo is accepted without renditions (the client shows the original).
 * Any other image that does not decode is refused: its bytes only looked like an image.
 */
export async function renderImage(store: ObjectStore, { path, format }: { path: string; format: string }): Promise<Renditions> {
  const keys = { thumb: renditionKey(path, RENDITIONS.thumb), preview: renditionKey(path, RENDITIONS.preview) };
  const made = await Promise.all([store.head(keys.thumb), store.head(keys.preview)]);
  if (made.every(Boolean)) {
    const size = await uprightSize(store, path);
    if (size) return { ...size, ...keys };
  }
  const object = await store.get(path);
  if (!object) throw fail('media_missing', { data: { path } });
  const original = await collect(object.body);
  let decoded: Awaited<ReturnType<typeof encodeRenditions>>;
  try {
    decoded = await encodeRenditions(original);
  } catch (error) {
    if (format === 'heic') return {};
    throw fail('media_type_mismatch', { data: { path, kind: 'image', found: null }, cause: error });
  }
  await Promise.all([store.put(keys.thumb, decoded.thumb, 'image/webp'), store.put(keys.preview, decoded.preview, 'image/webp')]);
  return { width: decoded.width, height: decoded.height, ...keys };
}

/**
 * Decodes the original once, already shrunk (a Buffer input lets libvips use JPEG shrink-on-load:
 * a 12 MP photo is decoded at 1/2 scale for the 1080 px preview), and makes both renditions from
 * that decode; the thumbnail is a resize of the preview's pixels, not a second decode. A video's
 * poster frame (video/poster.ts) goes through here too.
 */
export async function encodeRenditions(original: Buffer) {
  const meta = await sharp(original).metadata();
  const { data, info } = await sharp(original)
    .autoOrient()
    .resize({ width: RENDITIONS.preview, withoutEnlargement: true })
    .toColourspace('srgb')
    .raw({ depth: 'uchar' })
    .toBuffer({ resolveWithObject: true });
  const pixels = { raw: { width: info.width, height: info.height, channels: info.channels } };
  // WebP effort 2 (of 0-6, default 4) halves the preview's encode, a third of a photo's time, by
  // skipping libwebp's rate-distortion passes (at the same quality the file can come out a little
  // larger); the small thumbnail, shown many times in every feed, keeps the default.
  const preview = await sharp(data, pixels).webp({ quality: 80, effort: 2 }).toBuffer();
  const thumb = await sharp(data, pixels).resize({ width: RENDITIONS.thumb, withoutEnlargement: true }).webp({ quality: 80 }).toBuffer();
  return { width: meta.autoOrient.width, height: meta.autoOrient.height, preview, thumb };
}

/** The upright size of an image that decoded before, from its header; the whole file only when the header is further in. */
async function uprightSize(store: ObjectStore, path: string): Promise<{ width: number; height: number } | null> {
  const sizeOf = async (bytes: Buffer) => {
    const meta = await sharp(bytes, { failOn: 'none' }).metadata();
    return meta.autoOrient.width > 0 && meta.autoOrient.height > 0 ? { width: meta.autoOrient.width, height: meta.autoOrient.height } : null;
  };
  const head = await store.get(path, { start: 0, end: HEADER_BYTES - 1 });
  if (!head) return null;
  const fromHead = await sizeOf(await collect(head.body)).catch(() => null);
  if (fromHead || head.size <= HEADER_BYTES) return fromHead;
  const whole = await store.get(path);
  return whole && sizeOf(await collect(whole.body)).catch(() => null);
}

export async function collect(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
