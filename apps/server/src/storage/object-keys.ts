import type { Media } from '@padhub/contracts';
import { RENDITIONS, renditionKey } from './renditions.ts';

const RENDITION = /^t\/(.+)\.w(\d+)\.webp$/;

/** The original a rendition (`t/<original>.w<width>.webp`) was made of; null for any other key. */
export function renditionSource(key: string): string | null {
  return RENDITION.exec(key)?.[1] ?? null;
}

/** An original and every rendition the server makes of one. */
export function withRenditions(original: string): string[] {
  return [original, ...Object.values(RENDITIONS).map((width) => renditionKey(original, width))];
}

/**
 * Every object behind some media items: each original, each video's poster (named by its
 * renditions, or by itself when it had none, e.g. HEIC) and all their renditions. A video gets
 * rendition keys too, which never exist: deleting a missing key is no error, and one rule is
 * easier to trust than two.
 */
export function mediaObjectKeys(media: readonly Media[]): string[] {
  const originals = new Set<string>();
  for (const item of media) {
    for (const key of [item.path, item.thumb, item.preview]) {
      if (key) originals.add(renditionSource(key) ?? key);
    }
  }
  return [...new Set([...originals].flatMap(withRenditions))];
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
