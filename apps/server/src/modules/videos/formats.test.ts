import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page, Post } from '@padhub/contracts';
import { buildTestApp, data, ORG, registerUser } from '#server-test/helper.ts';
import { listen } from '#server-test/storage.ts';
import { type ClipKind, clip, clipKinds } from '#server-test/video-clips.ts';
import { collect } from '#server/storage/renditions.ts';
import { createPost, uploadAs } from '#server/modules/posting/test-fixtures.ts';
import { probeStored, processedPost, videoOf, videoTypes } from './test-fixtures.ts';

// The worker runs in this process, as in `npm start`: every accepted kind of file, posted through
// the upload flow, comes out as H.264 a browser plays, with a poster and the server's length.
const app = await buildTestApp({ JOBS_IN_PROCESS: '1', JOBS_POLL_MS: '500', VIDEO_JOBS_AT_ONCE: '2' });
const { origin } = await listen(app);
const author = await registerUser(app);
const viewer = await registerUser(app);

const kinds = ['mov', 'moov-at-end', 'avi', 'rmvb', 'portrait', 'vfr', 'hevc', 'no-audio', 'black-start'] as const satisfies readonly ClipKind[];
const posted = new Map<ClipKind, { sent: Post; done: Post }>();

beforeAll(async () => {
  const sent = await Promise.all(
    kinds.map(async (kind) => {
      const { ext } = clipKinds[kind];
      const path = await uploadAs(origin, author, `${kind}.${ext}`, await clip(kind), videoTypes[ext]!);
      // The browser's length is wrong on purpose: the server measures its own.
      return [kind, data<Post>(await createPost(app, author, { content: `a ${kind} clip`, media: [{ path, kind: 'video', duration: 99 }] }, { lang: 'en' }))] as const;
    }),
  );
  for (const [kind, post] of sent) posted.set(kind, { sent: post, done: await processedPost(app, author, post.id) });
}, 240_000);

const stored = async (key: string) => (await app.storage.store.head(key)) !== null;

describe('every accepted kind of video', () => {
  it("answers the post at once as processing, with the server's length and size, shown to its author alone", async () => {
    const { sent } = posted.get('avi')!;
    expect(videoOf(sent)).toMatchObject({ status: 'processing', width: 320, height: 240, progress: 0 });
    expect(videoOf(sent).duration).toBeCloseTo(2, 0);
    expect(videoOf(sent).streams).toBeUndefined();
  });

  it.each(kinds)('%s: is made into a faststart H.264 MP4 a browser plays, never the original, with a poster', async (kind) => {
    const video = videoOf(posted.get(kind)!.done);
    expect(video.status).toBe('ready');
    expect(video.duration).toBeCloseTo(kind === 'vfr' ? 3 : 2, 0);
    expect(video.streams?.mp4).toBe(`t/${video.path}.h264.mp4`);
    const mp4 = await probeStored(app, video.streams!.mp4);
    expect(mp4.video.codec).toBe('h264');
    expect(mp4.video.pixFmt).toBe('yuv420p');
    expect(mp4.moovFirst).toBe(true);
    expect(mp4.audio?.codec ?? null).toBe(kind === 'no-audio' || kind === 'vfr' || kind === 'black-start' ? null : 'aac');
    expect(mp4.duration).toBeCloseTo(video.duration!, 0);
    // The poster is the server's, in the picture renditions the app already serves.
    expect(video.poster).toBe(`t/${video.path}.w1080.webp`);
    expect(video.preview).toBe(video.poster);
    expect(video.thumb).toBe(`t/${video.path}.w480.webp`);
    for (const key of [video.thumb!, video.preview!]) expect(await stored(key)).toBe(true);
  });

  it('shows a portrait clip upright: its size as shown, and an MP4 that turns it the same way', async () => {
    const video = videoOf(posted.get('portrait')!.done);
    expect([video.width, video.height]).toEqual([180, 320]);
    const mp4 = await probeStored(app, video.streams!.mp4);
    expect([mp4.displayWidth, mp4.displayHeight]).toEqual([180, 320]);
    const poster = await sharp(await collect((await app.storage.store.get(video.preview!))!.body)).metadata();
    expect(poster.height).toBeGreaterThan(poster.width);
  });

  it('repackages what is already H.264 and AAC, and re-encodes what is not', async () => {
    const sizes = async (kind: ClipKind) => (await probeStored(app, videoOf(posted.get(kind)!.done).streams!.mp4)).video;
    // A copy keeps the original's frame rate, variable as it was; an encode of an avi is H.264 all the same.
    expect((await sizes('vfr')).variableFrameRate).toBe(true);
    expect((await sizes('hevc')).codec).toBe('h264');
    expect((await sizes('rmvb')).codec).toBe('h264');
  });

  it('takes the poster from a frame that is not black', async () => {
    const video = videoOf(posted.get('black-start')!.done);
    const { channels } = await sharp(await collect((await app.storage.store.get(video.preview!))!.body)).greyscale().stats();
    expect(channels[0]!.mean).toBeGreaterThan(40);
  });

  it('shows the post to others, in the feed too, once its video is ready; never before', async () => {
    const { done } = posted.get('mov')!;
    const seen = data<Post>(await app.inject({ method: 'GET', url: `/api/posts/${done.id}`, headers: viewer.headers }));
    expect(videoOf(seen).streams?.mp4).toBeDefined();
    const feed = data<Page<Post>>(await app.inject({ method: 'GET', url: '/api/posts?limit=50', headers: { accorgid: ORG, 'accept-language': 'en' } }));
    expect(feed.items.map((p) => p.id)).toContain(done.id);
  });
});
