import sharp from 'sharp';
import type { AvatarInput } from '@padhub/contracts';
import { fail } from '#server/lib/errors.ts';
import { inspectMedia } from './media.ts';
import type { ObjectStore } from './object-store.ts';
import { AVATAR_SIZES, collect, renderSlots, renditionKey } from './renditions.ts';

/** The rendition an avatar names (the large one); the small one is beside it (`smallAvatar` on the web). */
const SHOWN = AVATAR_SIZES[AVATAR_SIZES.length - 1]!;

/**
 * Checks an uploaded picture as a post's (under the person's prefix, present, within the image
 * limit, really an image), cuts the square `crop` out of it as it stands upright, and stores that
 * square at every avatar size as WebP next to the original (`t/<original>.w<size>.webp`, deleted
 * with it: object-keys.ts `withRenditions`). Answers the key the person's `avatar` names. A crop
 * reaching past the picture is refused, and so is a file that only looked like an image.
 */
export async function renderAvatar(store: ObjectStore, { path, crop }: AvatarInput, prefix: string): Promise<string> {
  await inspectMedia(store, { path, kind: 'image' }, prefix);
  const object = await store.get(path);
  if (!object) throw fail('media_missing', { data: { path } });
  const original = await collect(object.body);
  const squares = await renderSlots.run(async () => {
    let upright: { width: number; height: number };
    try {
      upright = (await sharp(original).metadata()).autoOrient;
    } catch (error) {
      throw fail('media_type_mismatch', { data: { path, kind: 'image', found: null }, cause: error });
    }
    if (crop.x + crop.size > upright.width || crop.y + crop.size > upright.height) {
      throw fail('avatar_crop_outside', { data: { path, width: upright.width, height: upright.height } });
    }
    try {
      // Decoded once, as raw pixels, and each size resized from them.
      const { data, info } = await sharp(original)
        .autoOrient()
        .extract({ left: crop.x, top: crop.y, width: crop.size, height: crop.size })
        .toColourspace('srgb')
        .raw({ depth: 'uchar' })
        .toBuffer({ resolveWithObject: true });
      const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
      return await Promise.all(AVATAR_SIZES.map((size) => sharp(data, raw).resize(size, size).webp({ quality: 82 }).toBuffer()));
    } catch (error) {
      throw fail('media_type_mismatch', { data: { path, kind: 'image', found: null }, cause: error });
    }
  });
  // Written again when the same picture is cropped anew: these are the server's objects, not the person's.
  await Promise.all(AVATAR_SIZES.map((size, index) => store.put(renditionKey(path, size), squares[index]!, 'image/webp')));
  return renditionKey(path, SHOWN);
}
