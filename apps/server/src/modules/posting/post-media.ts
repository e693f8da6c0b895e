import type { Media, MediaClaim } from '@padhub/contracts';
import { checkMedia } from '#server/storage/media.ts';
import type { ObjectStore } from '#server/storage/object-store.ts';

/**
 * Checks every file a new post names (checkMedia: under the author's prefix, present, within the
 * limits, really the kind claimed), a video's poster like any image, and answers the media items
 * the post stores. All are checked before any rendition is written. A video carries its poster's
 * renditions: `thumb` for cards, `preview` for the player on the detail page, and the poster's
 * size, which is the video's.
 */
export async function verifyPostMedia(store: ObjectStore, claims: MediaClaim[], prefix: string): Promise<Media[]> {
  const posters = claims.flatMap((c) => (c.kind === 'video' && c.thumb !== undefined ? [c.thumb] : []));
  const checked = await checkMedia(store, [...claims.map((c) => ({ path: c.path, kind: c.kind })), ...posters.map((path) => ({ path, kind: 'image' as const }))], prefix);
  const posterOf = new Map(checked.slice(claims.length).map((poster) => [poster.path, poster]));
  return checked.slice(0, claims.length).map((item, index) => {
    const { thumb, duration } = claims[index]!;
    const poster = thumb === undefined ? undefined : posterOf.get(thumb);
    const timed: Media = duration === undefined ? item : { ...item, duration };
    if (!poster) return timed;
    const video: Media = { ...timed, thumb: poster.thumb ?? poster.path, preview: poster.preview ?? poster.path };
    if (poster.width && poster.height) Object.assign(video, { width: poster.width, height: poster.height });
    return video;
  });
}
