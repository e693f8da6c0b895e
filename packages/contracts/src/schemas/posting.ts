import { z } from 'zod';
import { limits, videoExtensions } from '../constants.ts';
import { idSchema } from './community.ts';

export const postContentMax = 5000;
/** An attached file's path under the storage; the server checks it lies under the author's prefix. */
const objectPathSchema = z.string().min(1).max(1024);

/**
 * The `Idempotency-Key` of `POST /api/posts`: a UUID or any random token of 16 to 100 letters,
 * digits, `-` and `_`. One key per post the person means to send; retries send the same key.
 */
export const idempotencyKeySchema = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_-]{15,99}$/, 'a UUID-like key of 16 to 100 characters');

/**
 * The `data` of an `idempotency_key_reused` refusal (42220): the key already made a post, from
 * other content (the draft was edited after the answer to its first send was lost). `postId` is
 * that post, so a client can tell the person it was sent and open it instead of sending again.
 */
export const idempotencyKeyReusedDataSchema = z.object({ postId: idSchema });
export type IdempotencyKeyReusedData = z.infer<typeof idempotencyKeyReusedDataSchema>;

/** The longest video length a post records, in seconds (three hours); the spec sets no limit but the 1 GB size. */
export const videoDurationMax = 3 * 60 * 60;

/**
 * An uploaded file the new post names. A video may name its poster (an uploaded image) as `thumb`
 * and its length in seconds as `duration` (read by the author's browser), shown on its cards.
 */
export const mediaClaimSchema = z.object({
  path: objectPathSchema,
  kind: z.enum(['image', 'video']),
  thumb: objectPathSchema.optional(),
  duration: z.number().positive().max(videoDurationMax).optional(),
});
export type MediaClaim = z.infer<typeof mediaClaimSchema>;

export const createPostSchema = z
  .object({
    content: z.string().trim().max(postContentMax).default(''),
    /** In the order the author arranged them: at most 18 images and one video. */
    media: z.array(mediaClaimSchema).max(limits.imagesPerPost + limits.videosPerPost).default([]),
    /** The author's own configurations to attach (at most five of one controller model). */
    configIds: z.array(idSchema).max(50).default([]),
    /** One of the organisation's controller models, or none. */
    model: z.string().trim().min(1).max(64).nullish(),
  })
  .superRefine((post, ctx) => {
    if (post.content === '' && post.media.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['content'], message: 'a post needs text, a picture or a video' });
    }
    const images = post.media.filter((m) => m.kind === 'image').length;
    if (images > limits.imagesPerPost) ctx.addIssue({ code: 'custom', path: ['media'], message: `at most ${limits.imagesPerPost} images` });
    if (post.media.length - images > limits.videosPerPost) ctx.addIssue({ code: 'custom', path: ['media'], message: 'at most one video' });
    const seen = new Set<string>();
    post.media.forEach((item, index) => {
      if (item.thumb !== undefined && item.kind !== 'video') ctx.addIssue({ code: 'custom', path: ['media', index, 'thumb'], message: 'only a video has a poster' });
      if (item.duration !== undefined && item.kind !== 'video') ctx.addIssue({ code: 'custom', path: ['media', index, 'duration'], message: 'only a video has a duration' });
      for (const path of [item.path, item.thumb]) {
        if (path === undefined) continue;
        if (seen.has(path)) ctx.addIssue({ code: 'custom', path: ['media', index], message: 'each file once' });
        seen.add(path);
      }
    });
  });
/** What a client sends. */
export type CreatePostInput = z.input<typeof createPostSchema>;
/** What the server works with, defaults filled in. */
export type CreatePostBody = z.output<typeof createPostSchema>;

/**
 * `PATCH /api/posts/:id`: the whole new version, with the same limits as a new post. Files the
 * post already shows are named again to keep them; files left out are released.
 */
export const editPostSchema = createPostSchema.describe('the whole new version of a post');
export type EditPostInput = CreatePostInput;
export type EditPostBody = CreatePostBody;

/** What counts as a video: mov, mp4, avi, rmvb or quicktime by extension, or a video MIME type. */
export function isVideoFile(name: string, type = ''): boolean {
  const extension = name.includes('.') ? (name.split('.').pop() ?? '').toLowerCase() : '';
  return (videoExtensions as readonly string[]).includes(extension) || type.toLowerCase().startsWith('video/');
}
