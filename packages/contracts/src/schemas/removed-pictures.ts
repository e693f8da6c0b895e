import { z } from 'zod';
import { pageSchema } from '../envelope.ts';

/**
 * Removed pictures stay removed (docs/moderation.md): when a moderator removes a post, or bans
 * someone with their content hidden, its pictures (and video posters) go on the organisation's
 * list. A new upload that looks like one is refused (`picture_refused`, naming nothing) or held
 * for review, as the organisation chooses.
 */
export const pictureMatchActionSchema = z.enum(['refuse', 'hold']);
export type PictureMatchAction = z.infer<typeof pictureMatchActionSchema>;

export const pictureMatchSettingsSchema = z.object({ action: pictureMatchActionSchema });
export type PictureMatchSettings = z.infer<typeof pictureMatchSettingsSchema>;

/** One removed picture on the list: the post it was removed with, and when. */
export const removedPictureSchema = z.object({
  id: z.string(),
  postId: z.string(),
  removedAt: z.iso.datetime(),
});
export type RemovedPicture = z.infer<typeof removedPictureSchema>;

export const removedPicturePageSchema = pageSchema(removedPictureSchema).extend({
  /** What a match does now, and how many pictures the list holds. */
  action: pictureMatchActionSchema,
  total: z.number().int(),
});
export type RemovedPicturePage = z.infer<typeof removedPicturePageSchema>;

/** In the review queue: the post waits because a picture of it looks like one removed with this post. */
export const pictureHoldSchema = z.object({ removedPostId: z.string() });
export type PictureHold = z.infer<typeof pictureHoldSchema>;
