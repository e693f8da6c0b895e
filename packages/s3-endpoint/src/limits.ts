const MiB = 1024 * 1024;

/** PutObject is for pictures and thumbnails; videos go in parts. */
export const PUT_MAX_BYTES = 64 * MiB;
export const PART_MAX_BYTES = 512 * MiB;
/** As S3: every part but the last is at least 5 MiB, so a client that works here works there. */
export const PART_MIN_BYTES = 5 * MiB;
export const PART_NUMBER_MAX = 10_000;
/** A video may be 1 GB (the spec); the extra MiB is room for a container's rounding, not a second limit. */
export const OBJECT_MAX_BYTES = 1024 * MiB + MiB;
/** Multipart uploads (and cut-off temp files) untouched this long are removed. */
export const ABANDONED_AFTER_MS = 24 * 60 * 60 * 1000;
export const SWEEP_EVERY_MS = 60 * 60 * 1000;
/** CompleteMultipartUpload's XML: 10 000 parts fit in well under this. */
export const COMPLETE_XML_MAX_BYTES = 2 * MiB;

const IMAGE_EXTENSIONS = /\.(jpe?g|png|gif|webp|heic|heif|avif)$/i;
const VIDEO_EXTENSIONS = /\.(mp4|m4v|mov|avi|rmvb|rm|mkv|webm|3gp)$/i;

/**
 * The size limit for an object whose kind its key's extension or declared type tells (a picture
 * `imageMaxBytes`, the mounting app's; a video `OBJECT_MAX_BYTES`), enforced while the body
 * streams so that nothing larger is ever stored; undefined for anything else (the operation's own
 * limit holds). Either sign of a picture makes it one: the smaller limit wins.
 */
export function kindLimit(key: string, contentType: string, imageMaxBytes: number): number | undefined {
  if (IMAGE_EXTENSIONS.test(key) || /^image\//i.test(contentType)) return imageMaxBytes;
  if (VIDEO_EXTENSIONS.test(key) || /^video\//i.test(contentType)) return OBJECT_MAX_BYTES;
  return undefined;
}
