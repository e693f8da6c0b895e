import { describe, expect, it } from 'vitest';
import { type Organisation, type Page, type Post, errorCatalogue, limits } from '@padhub/contracts';
import { buildTestApp, data, ORG, OTHER_ORG, registerUser } from '#server-test/helper.ts';
import { listen } from '#server-test/storage.ts';
import { createPost, mp4, png, refusal, uploadAs } from './test-fixtures.ts';

const app = await buildTestApp();
const { origin } = await listen(app);
const get = (url: string, headers: Record<string, string>) => app.inject({ method: 'GET', url, headers });

describe('POST /api/posts', () => {
  it('creates a text post that comes first in the feed of its language and in My posts', async () => {
    const alice = await registerUser(app);
    const post = data<Post>(await createPost(app, alice, { content: 'コントローラーのマクロ設定' }, { lang: 'jp' }));
    expect(post).toMatchObject({ content: 'コントローラーのマクロ設定', lang: 'jp', media: [], configs: [], model: null, reviewStatus: 'passed', likeCount: 0 });
    expect(post.author.id).toBe(alice.id);
    const feed = data<Page<Post>>(await get('/api/posts', { accorgid: ORG, 'accept-language': 'jp' }));
    expect(feed.items[0]?.id).toBe(post.id);
    const cnFeed = data<Page<Post>>(await get('/api/posts', { accorgid: ORG, 'accept-language': 'cn' }));
    expect(cnFeed.items.map((p) => p.id)).not.toContain(post.id);
    expect(data<Page<Post>>(await get('/api/me/posts', alice.headers)).items[0]?.id).toBe(post.id);
  });

  it('attaches uploaded images in the order given, each with a WebP thumbnail and preview', async () => {
    const alice = await registerUser(app);
    const first = await uploadAs(origin, alice, 'first.png', await png(1600, 1200), 'image/png');
    const second = await uploadAs(origin, alice, 'second.png', await png(300, 200, 20), 'image/png');
    const post = data<Post>(await createPost(app, alice, { content: '', media: [{ path: second, kind: 'image' }, { path: first, kind: 'image' }] }));
    expect(post.media.map((m) => m.path)).toEqual([second, first]);
    expect(post.media[1]).toMatchObject({ kind: 'image', width: 1600, height: 1200, thumb: expect.stringMatching(/^t\//), preview: expect.stringMatching(/^t\//) });
    const org = (await (await fetch(`${origin}/api/organisation`, { headers: alice.headers })).json()) as { data: Organisation };
    const mediaBaseUrl = org.data.mediaBaseUrl;
    expect(mediaBaseUrl).toBe(`${origin}/storage/padhub`);
    const thumb = await fetch(`${mediaBaseUrl}/${post.media[1]!.thumb}`);
    expect(thumb.status).toBe(200);
    expect(thumb.headers.get('content-type')).toBe('image/webp');
    const feed = data<Page<Post>>(await get('/api/posts', { accorgid: ORG, 'accept-language': 'cn' }));
    expect(feed.items[0]).toMatchObject({ id: post.id, media: post.media });
  });

  it("answers a new video as processing, with the server's size and length, and the browser's poster until the server makes its own", async () => {
    const alice = await registerUser(app);
    const video = await uploadAs(origin, alice, 'clip.mp4', mp4(), 'video/mp4');
    const poster = await uploadAs(origin, alice, 'clip-poster.png', await png(1280, 720), 'image/png');
    const post = data<Post>(await createPost(app, alice, { content: 'my setup', media: [{ path: video, kind: 'video', thumb: poster, duration: 65.4 }] }));
    // tiny.mp4 is half a second of 16×16 (test/fixtures/README.md): ffprobe's figures, not the browser's 65.4 s nor the poster's size.
    expect(post.media).toEqual([
      {
        path: video,
        kind: 'video',
        status: 'processing',
        progress: 0,
        duration: 0.5,
        width: 16,
        height: 16,
        thumb: expect.stringMatching(/^t\/.*clip-poster\.png\.w480\.webp$/),
        preview: expect.stringMatching(/^t\/.*clip-poster\.png\.w1080\.webp$/),
      },
    ]);
    // A video without a poster (avi, rmvb: the browser cannot take a frame) is fine too: the server makes one.
    const bare = data<Post>(await createPost(app, alice, { content: 'old capture', media: [{ path: video, kind: 'video' }] }));
    expect(bare.media).toEqual([{ path: video, kind: 'video', status: 'processing', progress: 0, duration: 0.5, width: 16, height: 16 }]);
  });

  it('shows a post whose video is processing to its author alone: not in the feed, not to others, in My posts', async () => {
    const [alice, bob] = [await registerUser(app), await registerUser(app)];
    const video = await uploadAs(origin, alice, 'clip.mp4', mp4(), 'video/mp4');
    // No worker runs in this file: the video stays processing.
    const post = data<Post>(await createPost(app, alice, { content: 'held', media: [{ path: video, kind: 'video' }] }, { lang: 'en' }));
    const feed = data<Page<Post>>(await get('/api/posts', { accorgid: ORG, 'accept-language': 'en' }));
    expect(feed.items.map((p) => p.id)).not.toContain(post.id);
    expect((await get(`/api/posts/${post.id}`, bob.headers)).statusCode).toBe(404);
    expect((await get(`/api/posts/${post.id}`, { accorgid: ORG })).statusCode).toBe(404);
    const mine = data<Page<Post>>(await get('/api/me/posts', alice.headers));
    expect(mine.items.map((p) => p.id)).toContain(post.id);
    expect(data<Post>(await get(`/api/posts/${post.id}`, alice.headers)).media[0]?.status).toBe('processing');
  });

  it("stores one of the organisation's controller models, and refuses any other", async () => {
    const alice = await registerUser(app);
    expect(data<Post>(await createPost(app, alice, { content: 'lite macro', model: 'lite' })).model).toBe('lite');
    const res = await createPost(app, alice, { content: 'unknown pad', model: 'gamecube' });
    expect(refusal(res)).toMatchObject({ status: 400, code: errorCatalogue.validation_failed.code, data: { issues: [{ path: 'body.model' }] } });
  });

  it('keeps a post of a pre-moderated organisation for review: in My posts, not in the feed', async () => {
    const other = await registerUser(app, { org: OTHER_ORG });
    const post = data<Post>(await createPost(app, other, { content: 'waiting for review' }, { lang: 'en' }));
    expect(post.reviewStatus).toBe('pending');
    expect(data<Page<Post>>(await get('/api/me/posts', other.headers)).items[0]?.id).toBe(post.id);
    const feed = data<Page<Post>>(await get('/api/posts', { accorgid: OTHER_ORG, 'accept-language': 'en' }));
    expect(feed.items.map((p) => p.id)).not.toContain(post.id);
  });

  it.each([
    ['an empty post', { content: '   ' }, 'body.content'],
    ['text over the limit', { content: 'x'.repeat(5001) }, 'body.content'],
    ['19 images', { content: 'many', media: Array.from({ length: limits.imagesPerPost + 1 }, (_, i) => ({ path: `u/${ORG}/1/${i}.png`, kind: 'image' as const })) }, 'body.media'],
    ['two videos', { content: 'two', media: [{ path: `u/${ORG}/1/a.mp4`, kind: 'video' as const }, { path: `u/${ORG}/1/b.mp4`, kind: 'video' as const }] }, 'body.media'],
    ['a poster on an image', { content: 'x', media: [{ path: `u/${ORG}/1/a.png`, kind: 'image' as const, thumb: `u/${ORG}/1/b.png` }] }, 'body.media.0.thumb'],
    ['a duration on an image', { content: 'x', media: [{ path: `u/${ORG}/1/a.png`, kind: 'image' as const, duration: 5 }] }, 'body.media.0.duration'],
    ['a negative duration', { content: 'x', media: [{ path: `u/${ORG}/1/a.mp4`, kind: 'video' as const, duration: -1 }] }, 'body.media.0.duration'],
    ['a duration over three hours', { content: 'x', media: [{ path: `u/${ORG}/1/a.mp4`, kind: 'video' as const, duration: 3 * 3600 + 1 }] }, 'body.media.0.duration'],
    ['a duration that is not a number', { content: 'x', media: [{ path: `u/${ORG}/1/a.mp4`, kind: 'video' as const, duration: 'NaN' }] }, 'body.media.0.duration'],
    ['the same file twice', { content: 'x', media: [{ path: `u/${ORG}/1/a.png`, kind: 'image' as const }, { path: `u/${ORG}/1/a.png`, kind: 'image' as const }] }, 'body.media.1'],
    ['a kind that is neither', { content: 'x', media: [{ path: `u/${ORG}/1/a.gif`, kind: 'audio' }] }, 'body.media.0.kind'],
  ])('refuses %s with validation_failed naming the field', async (_name, body, path) => {
    const alice = await registerUser(app);
    const res = await createPost(app, alice, body as never);
    expect(refusal(res)).toMatchObject({ status: 400, code: errorCatalogue.validation_failed.code });
    expect((res.json().data.issues as { path: string }[]).map((i) => i.path)).toContain(path);
  });

  it('needs a login', async () => {
    const res = await createPost(app, { headers: { accorgid: ORG } }, { content: 'anonymous' });
    expect(refusal(res)).toMatchObject({ status: 401, code: errorCatalogue.login_required.code });
  });

  it("refuses a token sent with another organisation's Accorgid", async () => {
    const alice = await registerUser(app);
    const res = await createPost(app, { headers: { ...alice.headers, accorgid: OTHER_ORG } }, { content: 'elsewhere' });
    expect(res.statusCode).toBe(401);
  });

  it('refuses configurations that are not the author\'s, and makes no post', async () => {
    const alice = await registerUser(app);
    const res = await createPost(app, alice, { content: 'with a config', configIds: ['999999'] });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(data<Page<Post>>(await get('/api/me/posts', alice.headers)).items).toEqual([]);
  });
});

describe('GET /api/organisation', () => {
  it('answers where media are read from: the storage as this client reaches it, bucket included', async () => {
    const org = data<Organisation>(await app.inject({ method: 'GET', url: '/api/organisation', headers: { accorgid: ORG, host: '127.0.0.1:7777' } }));
    expect(org.mediaBaseUrl).toBe('http://127.0.0.1:7777/storage/padhub');
  });
});

describe('rate limits', async () => {
  const limited = await buildTestApp({ RATE_LIMITS: 'post.user=2/86400' });
  it("counts new posts against the 'post' policy, but not the repeats of a key", async () => {
    const alice = await registerUser(limited);
    const first = await createPost(limited, alice, { content: 'one' }, { key: 'first-key-0000000001' });
    expect(first.statusCode).toBe(200);
    expect((await createPost(limited, alice, { content: 'two' })).statusCode).toBe(200);
    expect(refusal(await createPost(limited, alice, { content: 'three' }))).toMatchObject({ status: 429, code: errorCatalogue.rate_limited.code });
    const again = await createPost(limited, alice, { content: 'one' }, { key: 'first-key-0000000001' });
    expect(data<Post>(again).id).toBe(data<Post>(first).id);
  });

  it("counts credentials minted against the 'upload' policy", async () => {
    const strict = await buildTestApp({ RATE_LIMITS: 'upload.user=2/1800' });
    const alice = await registerUser(strict);
    // Each origin (here each loopback name; a made-up Host names none: http/public-origin.ts) is another endpoint, so each needs credentials minted for it.
    const ask = (host: string) => strict.inject({ method: 'GET', url: '/api/external/authorization', headers: { ...alice.headers, host } });
    expect((await ask('localhost')).statusCode).toBe(200);
    expect((await ask('127.0.0.1')).statusCode).toBe(200);
    expect(refusal(await ask('[::1]'))).toMatchObject({ status: 429, code: errorCatalogue.rate_limited.code });
  });
});
