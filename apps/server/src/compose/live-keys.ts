import type { Media } from '@padhub/contracts';
import { avatarObjectKeys, mediaObjectKeys, renditionSource, withRenditions } from '#server/storage/object-keys.ts';
import { liveAvatar } from '#server/modules/accounts/public.ts';
import { liveMediaOf } from '#server/modules/community/public.ts';
import type { LiveKeys } from '#server/modules/media-lifecycle/public.ts';
import { organisationPictures } from '#server/modules/shop/public.ts';

/**
 * Every object still named by something live in the owner's organisation (media-lifecycle's
 * `LiveKeys`, handed to it by app.ts), asked of the modules that own what names objects: the
 * uploader's posts that are not deleted (community), unless the account is deregistered; their avatar (accounts); and every goods and variant picture of the
 * organisation (the shop: an admin's uploads, the seeded shop). Originals and renditions alike.
 * `among` narrows the posts read to those naming one of these keys (the prompt pass after one
 * removal need not read every post of a prolific author). Run it under the owner's lock
 * (DeletionsRepo.lockOwner) in the same transaction `q`.
 */
export const liveKeys: LiveKeys = async (q, owner, among) => {
  const media: Media[] = [];
  const keys: string[] = [];
  if (owner.userId !== null && /^\d{1,18}$/.test(owner.userId)) {
    media.push(...(await liveMediaOf(q, owner.orgId, owner.userId, among)));
    const avatar = await liveAvatar(q, owner.orgId, owner.userId);
    // An avatar names its 256 px square: the picture it was cropped of, and every square of it, stay.
    const original = avatar && !avatar.includes('://') ? (renditionSource(avatar) ?? avatar) : null;
    if (original) keys.push(...withRenditions(original), ...avatarObjectKeys(original));
  }
  media.push(...(await organisationPictures(q, owner.orgId)));
  return new Set([...mediaObjectKeys(media), ...keys]);
};
