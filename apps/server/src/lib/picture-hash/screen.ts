import type { PictureHold } from '@padhub/contracts';
import type { Queryable } from '#server/db/client.ts';

/** A picture a post names (a video's poster under the video's path), with its fingerprints (hash.ts: every framing, one after another). */
export interface PostPicture {
  path: string;
  prints: Buffer;
}

/**
 * What posting is handed to check a post's pictures against the organisation's removed ones
 * (docs/architecture.md, "Layers": the safety module owns the list and sits above posting, so
 * app.ts hands its service over as this interface, as it does the watched words').
 */
export interface PictureScreen {
  /** Refuses (`picture_refused`) when one looks like a removed picture and the organisation refuses; answers the hold when it holds. */
  screen(orgId: string, pictures: PostPicture[]): Promise<PictureHold | null>;
  /** Keeps the post's pictures' fingerprints (what its removal puts on the list) and its hold, in the post's transaction. */
  record(q: Queryable, orgId: string, postId: string, pictures: PostPicture[], hold: PictureHold | null): Promise<void>;
}
