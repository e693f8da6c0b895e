import { rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Media, Post } from '@padhub/contracts';
import { type Actor, type TestApp, data } from '#server-test/helper.ts';
import { collect } from '#server/storage/renditions.ts';
import { type VideoFacts, probeVideo } from '#server/video/probe.ts';
import { videoTools } from '#server/video/tools.ts';

/** What an upload of each extension declares (the uploader takes it from the file). */
export const videoTypes: Record<string, string> = { mp4: 'video/mp4', mov: 'video/quicktime', avi: 'video/x-msvideo', rmvb: 'application/vnd.rn-realmedia-vbr' };

/** The post as its author sees it once its video has left `processing` (ready or failed); the app must run a worker. */
export async function processedPost(app: TestApp, author: Actor, postId: string, timeoutMs = 90_000): Promise<Post> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const post = data<Post>(await app.inject({ method: 'GET', url: `/api/posts/${postId}`, headers: author.headers }));
    const video = post.media.find((m) => m.kind === 'video');
    if (video?.status !== 'processing') return post;
    if (Date.now() > until) throw new Error(`video of post ${postId} still processing after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** ffprobe's reading of a stored object (a stream the server made). */
export async function probeStored(app: TestApp, key: string): Promise<VideoFacts & { moovFirst: boolean }> {
  const object = await app.storage.store.get(key);
  if (!object) throw new Error(`${key} is not stored`);
  const bytes = await collect(object.body);
  const file = path.join(tmpdir(), `padhub-probe-${Date.now()}-${Math.random().toString(36).slice(2)}${path.extname(key)}`);
  await writeFile(file, bytes);
  const { ffprobe } = await videoTools();
  const moov = bytes.indexOf('moov');
  const mdat = bytes.indexOf('mdat');
  try {
    return { ...(await probeVideo(ffprobe, file)), moovFirst: moov >= 0 && (mdat < 0 || moov < mdat) };
  } finally {
    await rm(file, { force: true });
  }
}

export function videoOf(post: Post): Media {
  const video = post.media.find((m) => m.kind === 'video');
  if (!video) throw new Error(`post ${post.id} has no video`);
  return video;
}
