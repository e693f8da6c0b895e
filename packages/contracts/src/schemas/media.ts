import { z } from 'zod';

/**
 * A file attached to a post: `path` is relative to the storage (bucket + endpoint), `thumb` the
 * path of a small rendition for cards, so a feed never downloads the original 15 MB image.
 */
export const mediaSchema = z.object({
  path: z.string(),
  kind: z.enum(['image', 'video']),
  thumb: z.string().optional(),
  /** A larger rendition (1080 px wide) for the detail page; the original opens only in the image viewer. */
  preview: z.string().optional(),
  width: z.number().int().positive().optional(),
  height: z.number().int().positive().optional(),
  /** A video's length in seconds, as the author's browser read it; absent on older posts. */
  duration: z.number().positive().optional(),
});
export type Media = z.infer<typeof mediaSchema>;
