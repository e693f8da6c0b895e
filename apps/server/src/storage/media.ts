import { type Media, limits } from '@padhub/contracts';
import { isSafeKey } from '@padhub/s3-endpoint';
import { fail } from '#server/lib/errors.ts';
import { mapBounded } from './bounded.ts';
import { type SniffedKind, SNIFF_BYTES, sniff } from './media-sniff.ts';
import type { ObjectStore } from './object-store.ts';
import { collect, renderImage, renderSlots } from './renditions.ts';
import { probeVideo } from './video-probe.ts';

export { RENDITIONS, renditionKey } from './renditions.ts';

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

/** Objects of one post checked at once: a HEAD and a 64-byte read each, round trips to S3 worth overlapping. */
const INSPECT_AT_ONCE = 6;

/**
 * Checks one object before a post may name it: it lies under the author's prefix, exists, is within
 * the spec's size limit for its kind, and its first bytes are really an image or a video of the
 * kind claimed, and a video's container holds a video track and a duration. Writes nothing; refuses with an AppError that names the path.
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
  if (found.kind === 'video') {
    const read = async (start: number, end: number) => {
      const part = await store.get(claim.path, { start, end });
      if (!part) throw fail('media_missing', { data });
      return collect(part.body);
    };
    if (!(await probeVideo(read, info.size, found.format))) throw fail('media_video_unplayable', { data });
  }
  return { path: claim.path, format: found.format };
}

/**
 * Checks every item (and every video's poster, as an image) first: nothing is written unless all
 * pass. Then makes the renditions of the images and posters, a few at a time (renderSlots bounds
 * them across the process). Answers the media items a post stores, in the order given; a video's
 * `thumb`/`preview` are renditions of its poster. A refusal names the first failing item in order.
 */
export async function checkMedia(store: ObjectStore, claims: MediaClaim[], prefix: string): Promise<Media[]> {
  const checked = await mapBounded(claims, INSPECT_AT_ONCE, async (claim) => {
    const main = await inspectMedia(store, claim, prefix);
    if (claim.thumb !== undefined && claim.kind !== 'video') throw fail('media_type_mismatch', { data: { path: claim.thumb } });
    const poster = claim.thumb === undefined ? undefined : await inspectMedia(store, { path: claim.thumb, kind: 'image' }, prefix);
    return { claim, main, poster };
  });
  return mapBounded(checked, renderSlots.size, async ({ claim, main, poster }) => {
    const image = claim.kind === 'image' ? main : poster;
    return { path: claim.path, kind: claim.kind, ...(image ? await renderSlots.run(() => renderImage(store, image)) : {}) };
  });
}
