import type { Media } from '@padhub/contracts';
import { AVATAR_SIZES, RENDITIONS, renditionKey } from './renditions.ts';

/**
 * What the server makes of an upload lives under `t/<original>.`: picture renditions
 * (`.w480.webp`, `.w1080.webp`, a video's poster included), and of a video its MP4 (`.h264.mp4`) and
 * its HLS ladder (`.hls/<file>`).
 */
const DERIVED = /^t\/(.+)\.(?:w\d+\.webp|h264\.mp4|hls\/[\w.]+)$/;

/** The rungs an HLS ladder may have (video/encode.ts makes those up to the video's own size). */
export const LADDER_RUNGS = ['360', '720', '1080'] as const;

/** The original a derived object (a rendition, a video's MP4 or HLS file) was made of; null for any other key. */
export function renditionSource(key: string): string | null {
  return DERIVED.exec(key)?.[1] ?? null;
}

/** Where a video's streams are stored: the MP4, the HLS master playlist, and every file a ladder may have. */
export function videoKeys(original: string): { mp4: string; hls: string; hlsDir: string; all: string[] } {
  const hlsDir = `t/${original}.hls/`;
  const ladder = LADDER_RUNGS.flatMap((rung) => [`${hlsDir}${rung}.m3u8`, `${hlsDir}${rung}.ts`]);
  const mp4 = `t/${original}.h264.mp4`;
  const hls = `${hlsDir}index.m3u8`;
  return { mp4, hls, hlsDir, all: [mp4, hls, ...ladder] };
}

/** An original and every rendition the server makes of one. */
export function withRenditions(original: string): string[] {
  return [original, ...Object.values(RENDITIONS).map((width) => renditionKey(original, width))];
}

/** An avatar's original and the squares cropped of it (storage/avatar.ts). */
export function avatarObjectKeys(original: string): string[] {
  return [original, ...AVATAR_SIZES.map((size) => renditionKey(original, size))];
}

/**
 * Every object behind some media items: each original, each video's poster (named by its
 * renditions, or by itself when it had none, e.g. HEIC) and all their renditions, and every
 * stream a video may have (its MP4 and each file its ladder may hold: named in advance, so none
 * is missed, whether it was made or not; deleting a missing key is no error). A video's own
 * renditions are the poster the server made of it.
 */
export function mediaObjectKeys(media: readonly Media[]): string[] {
  const originals = new Set<string>();
  const streams: string[] = [];
  for (const item of media) {
    for (const key of [item.path, item.thumb, item.preview, item.poster]) {
      if (key) originals.add(renditionSource(key) ?? key);
    }
    if (item.kind === 'video') streams.push(...videoKeys(item.path).all);
  }
  return [...new Set([...[...originals].flatMap(withRenditions), ...streams])];
}

/**
 * Whose object a key is, as the prefix that groups it: `u/<org>/<user>/` for uploads (and for the
 * renditions of uploads), `shop/<org>/` for the seeded shop's pictures; null for anything else.
 * The organisation and user are answered too, for the lookups of what still names the object.
 */
export function keyOwner(key: string): { prefix: string; orgId: string; userId: string | null } | null {
  const original = renditionSource(key) ?? key;
  const upload = /^u\/([\w.-]+)\/([\w.-]+)\//.exec(original);
  if (upload) return { prefix: upload[0], orgId: upload[1]!, userId: upload[2]! };
  const shop = /^shop\/([\w.-]+)\//.exec(original);
  if (shop) return { prefix: shop[0], orgId: shop[1]!, userId: null };
  return null;
}
