import type { Media, PictureClaim } from '@padhub/contracts';
import { fail } from '#server/lib/errors.ts';
import { checkMedia } from '#server/storage/media.ts';
import { type ObjectStore, userPrefix } from '#server/storage/object-store.ts';
import type { MediaLifecycle } from '#server/modules/media-lifecycle/public.ts';
import type { ShopAdmin } from './admin-rules.ts';

/**
 * The pictures a goods or variant will have, in the order given. A picture it (or its goods)
 * already has stays as it was checked then, wherever it lives (the seed's shop prefix, another
 * admin's uploads). A new one must be the admin's own upload and is checked like a post's (it
 * lies under their prefix, exists, is within the size limit, is really an image) and rendered to
 * the 480 and 1080 px WebP renditions, before anything is written.
 */
async function resolvePictures(store: ObjectStore, claims: PictureClaim[], known: Media[], uploaderPrefix: string): Promise<Media[]> {
  const seen = new Set<string>();
  for (const [index, claim] of claims.entries()) {
    if (seen.has(claim.path)) {
      throw fail('validation_failed', { data: { issues: [{ path: `body.pictures.${index}`, message: 'each picture once' }] } });
    }
    seen.add(claim.path);
  }
  const byPath = new Map(known.filter((m) => m.kind === 'image').map((m) => [m.path, m]));
  const fresh = claims.filter((c) => !byPath.has(c.path));
  const checked = await checkMedia(store, fresh.map((c) => ({ path: c.path, kind: 'image' as const })), uploaderPrefix);
  for (const media of checked) byPath.set(media.path, media);
  return claims.map((c) => byPath.get(c.path)!);
}

/** The claimed pictures that are not among `known`: the new ones, which must be the admin's own checked uploads. */
function freshPaths(claims: PictureClaim[], known: Media[]): string[] {
  const paths = new Set(known.map((m) => m.path));
  return claims.filter((c) => !paths.has(c.path)).map((c) => c.path);
}

/** The pictures of `before` that `after` no longer has: their files are to be deleted (unless named elsewhere). */
export function droppedPictures(before: Media[], after: Media[]): Media[] {
  const kept = new Set(after.map((m) => m.path));
  return before.filter((m) => !kept.has(m.path));
}

/**
 * The pictures after a change, the new ones checked and rendered, and which are new: a new one
 * being deleted from storage is refused before rendering, and again in the transaction that
 * names it (`MediaLifecycle.refuseRemoved`, under its owner's lock). A new one may come only from this admin's
 * own uploads.
 */
export async function claimPictures(
  lifecycle: MediaLifecycle,
  store: ObjectStore,
  admin: ShopAdmin,
  claims: PictureClaim[],
  known: Media[],
): Promise<{ pictures: Media[]; fresh: string[] }> {
  const fresh = freshPaths(claims, known);
  await lifecycle.refuseRemovedEarly(fresh);
  return { pictures: await resolvePictures(store, claims, known, userPrefix(admin.org.id, admin.staff.userId)), fresh };
}
