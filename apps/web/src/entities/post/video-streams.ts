import type { Media } from '@padhub/contracts';

// Older posts (before processing) play their original where the browser decodes it: mp4, mov.
const playableOriginal = (path: string) => /\.(mp4|mov|m4v|webm)$/i.test(path);

/** What a browser plays of this video (docs/video.md): the server's MP4 and ladder, or an older post's decodable original; none while it is prepared. */
export function videoStreams(video: Media): { mp4: string; hls?: string } | undefined {
  return video.streams ?? (video.status === undefined && playableOriginal(video.path) ? { mp4: video.path } : undefined);
}

/** The post's video when a list's card can play it in place. */
export function inlineVideoOf(media: readonly Media[]): Media | undefined {
  const video = media.find((m) => m.kind === 'video');
  return video && videoStreams(video) ? video : undefined;
}
