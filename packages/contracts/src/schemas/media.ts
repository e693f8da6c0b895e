import { z } from 'zod';

/**
 * Where a video is in its processing (docs/video.md): `processing` until its MP4 (and ladder) are
 * made, then `ready`; `failed` with a reason. A post whose video is not ready is its author's
 * alone. Videos of posts older than processing carry no status and play as they were uploaded.
 */
export const videoStatusSchema = z.enum(['processing', 'ready', 'failed']);
export type VideoStatus = z.infer<typeof videoStatusSchema>;

/** Why a video's processing failed: an error key of the catalogue, whose message says what to do. */
/** `picture_refused`: its poster looks like a picture removed by moderators, and the organisation refuses such (docs/moderation.md). */
export const videoFailureSchema = z.enum(['video_unreadable', 'video_processing_failed', 'video_timed_out', 'picture_refused']);
export type VideoFailure = z.infer<typeof videoFailureSchema>;

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
  /** The picture's size as shown; for a video, measured by the server (rotation applied). */
  width: z.number().int().positive().optional(),
  height: z.number().int().positive().optional(),
  /** A video's length in seconds, measured by the server (older posts: as the author's browser read it). */
  duration: z.number().positive().optional(),
  status: videoStatusSchema.optional(),
  /** A video's poster, made by the server from its first seconds (the same picture as `preview`). */
  poster: z.string().optional(),
  /** What a player plays: an H.264/AAC MP4, and an HLS master playlist for long or large videos. Never the original. */
  streams: z.object({ mp4: z.string(), hls: z.string().optional() }).optional(),
  /** While processing: how much is done, 0 to 1, where ffmpeg reports it. */
  progress: z.number().min(0).max(1).optional(),
  /** When failed: why, in the language of the author when they posted it; `failureCode` to say it in another. */
  failure: z.string().optional(),
  failureCode: videoFailureSchema.optional(),
});
export type Media = z.infer<typeof mediaSchema>;
