import type { Media } from '@padhub/contracts';
import { pictureHashes } from '#server/lib/picture-hash/hash.ts';
import type { PostPicture } from '#server/lib/picture-hash/screen.ts';
import { mapBounded } from '#server/storage/bounded.ts';
import type { ObjectStore } from '#server/storage/object-store.ts';
import { collect, renderSlots } from '#server/storage/renditions.ts';

/**
 * The fingerprints of a post's pictures and of its videos' posters, read from their card
 * renditions (`thumb`, 480 px WebP: small to decode, and made the same way whatever was
 * uploaded). A picture without renditions (a HEIC photo sharp cannot decode) has none.
 */
export async function fingerprintPictures(store: ObjectStore, media: Media[]): Promise<PostPicture[]> {
  const pictures = media.filter((m) => m.thumb !== undefined);
  const printed = await mapBounded(pictures, renderSlots.size, async (m) => {
    const object = await store.get(m.thumb!);
    if (!object) return null;
    const bytes = await collect(object.body);
    return { path: m.path, prints: Buffer.concat(await renderSlots.run(() => pictureHashes(bytes))) };
  });
  return printed.filter((p) => p !== null);
}
