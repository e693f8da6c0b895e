import type { Readable } from 'node:stream';
import sharp from 'sharp';
import { type Media, limits } from '@padhub/contracts';
import { fail } from '../http/errors.ts';
import { type SniffedKind, SNIFF_BYTES, sniff } from './media-sniff.ts';
import { type ObjectStore, isSafeKey } from './object-store.ts';

/**
 * What a client names when it attaches an uploaded file to a post (`mediaClaimSchema` of the
 * contracts): a video may name its poster, an image the browser took from its first frame.
 */
export interface MediaClaim {
  path: string;
  kind: SniffedKind;
  thumb?: string;
}

interface Inspected {
  path: string;
  format: string;
}

/** Renditions made of every image (and video poster): a card thumbnail and a detail-page preview, both WebP. */
export const RENDITIONS = { thumb: 480, preview: 1080 } as const;

type Renditions = Pick<Media, 'thumb' | 'preview' | 'width' | 'height'>;

export function renditionKey(path: string, width: number): string {
  return `t/${path}.w${width}.webp`;
}

/**
 * Checks one object before a post may name it: it lies under the author's prefix, exists, is within
 * the spec's size limit for its kind, and its first bytes are really an image or a video of the
 * kind claimed. Writes nothing; refuses with an AppError that names the path.
 */
export async function inspectMedia(store: ObjectStore, claim: { path: string; kind: SniffedKind }, prefix: string): Promise<Inspected> {
  const data = { path: claim.path };
  // Checked before existence: whether someone else's object exists is not this user's business.
  if (!isSafeKey(claim.path) || !claim.path.startsWith(prefix)) throw fail('media_not_yours', { data });
  const info = await store.head(claim.path);
  if (!info) throw fail('media_missing', { data });
  const max = claim.kind === 'image' ? limits.imageMaxBytes : limits.videoMaxBytes;
  if (info.size > max) throw fail('media_too_large', { data: { ...data, size: info.size, max } });
  const head = await store.get(claim.path, { start: 0, end: SNIFF_BYTES - 1 });
  if (!head) throw fail('media_missing', { data });
  const found = sniff(await collect(head.body));
  if (!found || found.kind !== claim.kind) throw fail('media_type_mismatch', { data: { ...data, kind: claim.kind, found: found?.kind ?? null } });
  return { path: claim.path, format: found.format };
}

/**
 * Checks every item (and every video's poster, as an image) first: nothing is written unless all
 * pass. Then makes the renditions of the images and posters. Answers the media items a post
 * stores, in the order given; a video's `thumb`/`preview` are renditions of its poster.
 */
export async function checkMedia(store: ObjectStore, claims: MediaClaim[], prefix: string): Promise<Media[]> {
  const checked: { claim: MediaClaim; main: Inspected; poster?: Inspected }[] = [];
  for (const claim of claims) {
    const main = await inspectMedia(store, claim, prefix);
    if (claim.thumb !== undefined && claim.kind !== 'video') throw fail('media_type_mismatch', { data: { path: claim.thumb } });
    const poster = claim.thumb === undefined ? undefined : await inspectMedia(store, { path: claim.thumb, kind: 'image' }, prefix);
    checked.push({ claim, main, poster });
  }
  const media: Media[] = [];
  for (const { claim, main, poster } of checked) {
    const image = claim.kind === 'image' ? main : poster;
    media.push({ path: claim.path, kind: claim.kind, ...(image ? await renderImage(store, image) : {}) });
  }
  return media;
}

/**
 * WebP renditions of an image, turned upright by its EXIF orientation. sharp's prebuilt libvips
 * decodes no HEVC: a HEIC photo is accepted without renditions (the client shows the original).
 * Any other image that does not decode is refused: its bytes only looked like an image.
 */
async function renderImage(store: ObjectStore, { path, format }: Inspected): Promise<Renditions> {
  const object = await store.get(path);
  if (!object) throw fail('media_missing', { data: { path } });
  const original = await collect(object.body);
  let decoded: { width: number; height: number; renditions: { name: keyof typeof RENDITIONS; key: string; webp: Buffer }[] };
  try {
    const meta = await sharp(original).metadata();
    const renditions = [];
    for (const [name, width] of Object.entries(RENDITIONS) as [keyof typeof RENDITIONS, number][]) {
      const webp = await sharp(original).autoOrient().resize({ width, withoutEnlargement: true }).webp({ quality: 80 }).toBuffer();
      renditions.push({ name, key: renditionKey(path, width), webp });
    }
    decoded = { width: meta.autoOrient.width, height: meta.autoOrient.height, renditions };
  } catch (error) {
    if (format === 'heic') return {};
    throw fail('media_type_mismatch', { data: { path, kind: 'image', found: null }, cause: error });
  }
  const result: Renditions = { width: decoded.width, height: decoded.height };
  for (const r of decoded.renditions) {
    await store.put(r.key, r.webp, 'image/webp');
    result[r.name] = r.key;
  }
  return result;
}

async function collect(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
