import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { type Page, type Post, errorCatalogue, errorMessagesByLang } from '@padhub/contracts';
import { buildTestApp, data, ORG, registerUser } from '#server-test/helper.ts';
import { listen } from '#server-test/storage.ts';
import { clip } from '#server-test/video-clips.ts';
import { collect } from '#server/storage/renditions.ts';
import { mediaObjectKeys } from '#server/storage/object-keys.ts';
import { createPost, refusal, uploadAs } from '#server/modules/posting/test-fixtures.ts';
import { failureOf } from './processing.ts';
import { probeStored, processedPost, videoOf, videoTypes } from './test-fixtures.ts';
import { registerStaff } from '#server/modules/safety/test-fixtures.ts';

const app = await buildTestApp({ JOBS_IN_PROCESS: '1', JOBS_POLL_MS: '500', JOBS_SUPERVISE_SECONDS: '1' });
const { origin } = await listen(app);

const stored = async (keys: readonly string[]) => {
  const held: string[] = [];
  for (const key of keys) if (await app.storage.store.head(key)) held.push(key);
  return held;
};
const text = async (key: string) => (await collect((await app.storage.store.get(key))!.body)).toString('utf8');
const retry = (actor: { headers: Record<string, string> }, postId: string) => app.inject({ method: 'POST', url: `/api/posts/${postId}/video/retry`, headers: actor.headers });

describe('a long video', () => {
  it('gets an HLS ladder (360p and 720p) beside its MP4, tells its author it is ready, and leaves nothing behind when deleted', async () => {
    const author = await registerUser(app);
    const path = await uploadAs(origin, author, 'long.mp4', await clip('long'), videoTypes.mp4!);
    const sent = data<Post>(await createPost(app, author, { content: 'a whole match', media: [{ path, kind: 'video' }] }));
    const video = videoOf(await processedPost(app, author, sent.id, 180_000));
    expect(video).toMatchObject({ status: 'ready', width: 1280, height: 720, streams: { mp4: `t/${path}.h264.mp4`, hls: `t/${path}.hls/index.m3u8` } });
    expect(video.duration).toBeCloseTo(61, 0);

    const master = await text(video.streams!.hls!);
    expect(master).toMatch(/RESOLUTION=640x360,CODECS="avc1\.640029,mp4a\.40\.2"\n360\.m3u8/);
    expect(master).toMatch(/RESOLUTION=1280x720,CODECS="avc1\.640029,mp4a\.40\.2"\n720\.m3u8/);
    expect(master).not.toMatch(/1080/);
    const rung = await text(`t/${path}.hls/360.m3u8`);
    expect(rung).toMatch(/#EXT-X-PLAYLIST-TYPE:VOD/);
    expect(rung).toMatch(/#EXT-X-BYTERANGE:\d+@\d+\n360\.ts/);
    expect(rung.match(/#EXTINF/g)!.length).toBeGreaterThan(10);
    expect((await probeStored(app, video.streams!.mp4)).video.codec).toBe('h264');

    // A long video's author hears about it, ready (or failed).
    const inbox = data<Page<{ type: string; reason: string | null; target: { id: string } }>>(await app.inject({ method: 'GET', url: '/api/notifications', headers: author.headers }));
    expect(inbox.items).toContainEqual(expect.objectContaining({ type: 'video_processed', reason: 'ready', target: expect.objectContaining({ id: sent.id }) }));

    const keys = mediaObjectKeys([video]);
    const made = await stored(keys);
    // The original, the poster's two renditions, the MP4, the master playlist and two rungs of two files each.
    expect(made).toHaveLength(9);
    data(await app.inject({ method: 'DELETE', url: `/api/posts/${sent.id}`, headers: author.headers }));
    await app.lifecycle.settled();
    expect(await stored(made)).toEqual([]);
  }, 240_000);
});

describe('a video that fails', () => {
  it("says why in its author's language, stays its author's alone, and is made once its author tries again", async () => {
    const [author, other] = [await registerUser(app), await registerUser(app)];
    const bytes = await clip('avi');
    const path = await uploadAs(origin, author, 'lost.avi', bytes, videoTypes.avi!);
    // The post checks the file; the store then loses it before the worker reads it. The worker's
    // whole read of the original waits for the loss: on a busy machine it once came first.
    const store = app.storage.store;
    const get = store.get.bind(store);
    let lose!: () => void;
    const lost = new Promise<void>((resolve) => (lose = resolve));
    store.get = async (key, range) => {
      if (key === path && range === undefined) await lost;
      return get(key, range);
    };
    const sent = data<Post>(await createPost(app, author, { content: 'lost', media: [{ path, kind: 'video' }] }, { lang: 'jp' }));
    await app.storage.store.delete(path);
    lose();
    const failed = videoOf(await processedPost(app, author, sent.id));
    store.get = get;
    expect(failed).toMatchObject({ status: 'failed', failureCode: 'video_unreadable', failure: errorMessagesByLang.jp.video_unreadable });
    expect(failed.streams).toBeUndefined();
    expect(refusal(await app.inject({ method: 'GET', url: `/api/posts/${sent.id}`, headers: other.headers })).status).toBe(404);

    expect(refusal(await retry(other, sent.id))).toMatchObject({ status: 404, code: errorCatalogue.not_found.code });
    expect(refusal(await retry({ headers: { accorgid: ORG } }, sent.id)).status).toBe(401);
    expect(refusal(await retry(author, 'not-an-id')).status).toBe(400);
    // The author uploads it again (as "replace the video" would, here to the same name) and tries again.
    await app.storage.store.put(path, bytes, videoTypes.avi!);
    const again = data<{ status: string; failure?: string }>(await retry(author, sent.id));
    expect(again).toMatchObject({ status: 'processing' });
    expect(again.failure).toBeUndefined();
    expect(videoOf(await processedPost(app, author, sent.id)).status).toBe('ready');
    expect(refusal(await retry(author, sent.id))).toMatchObject({ status: 409, code: errorCatalogue.video_not_failed.code });
    expect(data<Post>(await app.inject({ method: 'GET', url: `/api/posts/${sent.id}`, headers: other.headers })).id).toBe(sent.id);
  });

  it('tells the author of a long video that it failed, and why', async () => {
    const author = await registerUser(app);
    const path = await uploadAs(origin, author, 'gone.mp4', await clip('long'), videoTypes.mp4!);
    const sent = data<Post>(await createPost(app, author, { content: 'a match that was lost', media: [{ path, kind: 'video' }] }));
    await app.storage.store.delete(path);
    expect(videoOf(await processedPost(app, author, sent.id))).toMatchObject({ status: 'failed', failureCode: 'video_unreadable' });
    const inbox = data<Page<{ type: string; reason: string | null; target: { id: string } }>>(await app.inject({ method: 'GET', url: '/api/notifications', headers: author.headers }));
    expect(inbox.items).toEqual([expect.objectContaining({ type: 'video_processed', reason: 'video_unreadable', target: expect.objectContaining({ id: sent.id }) })]);
  });

  it('refuses at once a file ffprobe finds no playable picture in, and keeps nothing of the post', async () => {
    const author = await registerUser(app);
    // A real avi whose codec is named ZZZZ: its container passes, nothing decodes its picture.
    const bytes = Buffer.from((await clip('avi')).toString('latin1').replaceAll('FMP4', 'ZZZZ'), 'latin1');
    const path = await uploadAs(origin, author, 'odd.avi', bytes, videoTypes.avi!);
    const res = await createPost(app, author, { content: 'odd', media: [{ path, kind: 'video' }] });
    expect(refusal(res)).toMatchObject({ status: 422, code: errorCatalogue.media_video_unplayable.code, data: { path } });
    expect(data<Page<Post>>(await app.inject({ method: 'GET', url: '/api/me/posts', headers: author.headers })).items).toEqual([]);
    expect(await app.db.query('select 1 from videos where path = $1', [path])).toEqual([]);
    expect(await app.db.query(`select 1 from pgboss.job where name = 'video.process' and data->>'path' = $1`, [path])).toEqual([]);
  });

  it('names a watchdog timeout as taking too long, and anything else as a failure to try again', () => {
    expect(failureOf('handler execution exceeded 1800s')).toBe('video_timed_out');
    expect(failureOf('job timed out')).toBe('video_timed_out');
    expect(failureOf('job heartbeat timeout')).toBe('video_timed_out');
    expect(failureOf('ffmpeg: stalled')).toBe('video_timed_out');
    expect(failureOf('ffmpeg exited with 1')).toBe('video_processing_failed');
    expect(failureOf('video_unreadable')).toBe('video_unreadable');
  });
});

describe('a video’s poster', () => {
  it('counts as a picture: removed with its post, a new video with a poster like it is refused, or held as the organisation chose', async () => {
    const [author, again, moderator, admin] = [await registerUser(app), await registerUser(app), await registerStaff(app, 'moderator'), await registerStaff(app, 'admin')];
    const posted = async (actor: typeof author, name: string) => {
      const path = await uploadAs(origin, actor, name, await clip('mov'), videoTypes.mov!);
      return processedPost(app, actor, data<Post>(await createPost(app, actor, { content: 'my clip', media: [{ path, kind: 'video' }] })).id);
    };
    const first = await posted(author, 'first.mov');
    expect(videoOf(first).status).toBe('ready');
    data(await app.inject({ method: 'POST', url: `/api/admin/posts/${first.id}/delete`, headers: moderator.headers, payload: { reason: 'a stolen clip' } }));
    expect(await app.db.query('select path from removed_pictures where post_id = $1', [first.id])).toEqual([{ path: videoOf(first).path }]);
    // Refused, as the organisation does unless it chose otherwise: the video fails, saying why.
    expect(videoOf(await posted(again, 'again.mov'))).toMatchObject({ status: 'failed', failureCode: 'picture_refused' });
    // Held: the post waits for review, and moderators read why.
    data(await app.inject({ method: 'PUT', url: '/api/admin/removed-pictures/settings', headers: admin.headers, payload: { action: 'hold' } }));
    const held = await posted(again, 'held.mov');
    expect({ review: held.reviewStatus, video: videoOf(held).status }).toEqual({ review: 'pending', video: 'ready' });
    const queue = data<Page<{ id: string; pictureHold: { removedPostId: string } | null }>>(await app.inject({ method: 'GET', url: '/api/admin/posts/pending', headers: moderator.headers }));
    expect(queue.items.find((p) => p.id === held.id)?.pictureHold).toEqual({ removedPostId: first.id });
    // The generated clips all look alike: the list is emptied and the default restored for the tests after this one.
    for (const entry of data<{ items: { id: string }[] }>(await app.inject({ method: 'GET', url: '/api/admin/removed-pictures', headers: admin.headers })).items) {
      data(await app.inject({ method: 'DELETE', url: `/api/admin/removed-pictures/${entry.id}`, headers: admin.headers }));
    }
    data(await app.inject({ method: 'PUT', url: '/api/admin/removed-pictures/settings', headers: admin.headers, payload: { action: 'refuse' } }));
  }, 120_000);
});

describe('an edit that brings another video', () => {
  it('processes it and holds the post from others until it is ready, then shows the new one', async () => {
    const [author, other] = [await registerUser(app), await registerUser(app)];
    const first = await uploadAs(origin, author, 'first.avi', await clip('avi'), videoTypes.avi!);
    const sent = data<Post>(await createPost(app, author, { content: 'take one', media: [{ path: first, kind: 'video' }] }));
    expect(videoOf(await processedPost(app, author, sent.id)).status).toBe('ready');
    const asOther = () => app.inject({ method: 'GET', url: `/api/posts/${sent.id}`, headers: other.headers });
    expect(videoOf(data<Post>(await asOther())).path).toBe(first);

    const second = await uploadAs(origin, author, 'second.mov', await clip('mov'), videoTypes.mov!);
    const edited = await app.inject({ method: 'PATCH', url: `/api/posts/${sent.id}`, headers: { ...author.headers, 'idempotency-key': randomUUID() }, payload: { content: 'take two', media: [{ path: second, kind: 'video' }] } });
    expect(videoOf(data<Post>(edited))).toMatchObject({ path: second, status: 'processing' });
    expect(refusal(await asOther()).status).toBe(404);
    expect(videoOf(await processedPost(app, author, sent.id))).toMatchObject({ path: second, status: 'ready', streams: { mp4: `t/${second}.h264.mp4` } });
    expect(data<Post>(await asOther())).toMatchObject({ content: 'take two', media: [expect.objectContaining({ path: second, status: 'ready' })] });
  });
});

describe('a deregistered account', () => {
  it('takes every video it made with it: original, poster, MP4', async () => {
    const author = await registerUser(app);
    const path = await uploadAs(origin, author, 'mine.mov', await clip('mov'), videoTypes.mov!);
    const sent = data<Post>(await createPost(app, author, { content: 'mine', media: [{ path, kind: 'video' }] }));
    const made = await stored(mediaObjectKeys([videoOf(await processedPost(app, author, sent.id))]));
    expect(made).toHaveLength(4);
    data(await app.inject({ method: 'DELETE', url: '/api/me', headers: author.headers }));
    await app.lifecycle.settled();
    expect(await stored(made)).toEqual([]);
  });
});
