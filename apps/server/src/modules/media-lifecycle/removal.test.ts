import { describe, expect, it } from 'vitest';
import { type Post, errorCatalogue } from '@padhub/contracts';
import { buildTestApp, data, ORG, registerUser } from '#server-test/helper.ts';
import { listen } from '#server-test/storage.ts';
import { createPost, png, refusal, uploadAs } from '#server/modules/posting/test-fixtures.ts';
import { registerStaff } from '#server/modules/safety/test-fixtures.ts';
import { objectsOf, postWithMedia, stored } from './test-fixtures.ts';

// The worker runs: a post's video is made (poster, MP4) before others may see the post, and its removal takes all of it.
const app = await buildTestApp({ REGISTER_LIMIT_PER_IP: '1000', JOBS_IN_PROCESS: '1', JOBS_POLL_MS: '500' });
const { origin } = await listen(app);
const moderator = await registerStaff(app, 'moderator');

const deletePost = (actor: { headers: Record<string, string> }, id: string) => app.inject({ method: 'DELETE', url: `/api/posts/${id}`, headers: actor.headers });
const moderate = (action: 'pass' | 'not-pass' | 'delete', id: string) =>
  app.inject({ method: 'POST', url: `/api/admin/posts/${id}/${action}`, headers: moderator.headers, payload: { reason: 'rule 3' } });

describe('a deleted post takes its files with it', () => {
  it('deletes the originals, the video poster and every rendition once its author deletes it', async () => {
    const alice = await registerUser(app);
    const post = await postWithMedia(app, origin, alice, 'gone');
    const objects = await objectsOf(app, post.media);
    // The picture and its two renditions; the video, its poster's two renditions (made by the server) and its MP4.
    expect(objects).toHaveLength(7);
    expect(objects).toContain(`t/${post.media[1]!.path}.h264.mp4`);
    data(await deletePost(alice, post.id));
    await app.lifecycle.settled();
    expect(await stored(app, objects)).toEqual([]);
    expect((await fetch(`${origin}/storage/padhub/${post.media[0]!.path}`)).status).toBe(404);
  });

  it('keeps a file that another live post of the same author still names, until that one goes too', async () => {
    const alice = await registerUser(app);
    const shared = await uploadAs(origin, alice, 'shared.png', await png(), 'image/png');
    const first = data<Post>(await createPost(app, alice, { content: 'one', media: [{ path: shared, kind: 'image' }] }));
    const second = data<Post>(await createPost(app, alice, { content: 'two', media: [{ path: shared, kind: 'image' }] }));
    const objects = await objectsOf(app, first.media);
    expect(objects).toHaveLength(3);
    data(await deletePost(alice, first.id));
    await app.lifecycle.settled();
    expect(await stored(app, objects)).toEqual(objects);
    expect((await fetch(`${origin}/storage/padhub/${second.media[0]!.thumb}`)).status).toBe(200);
    data(await deletePost(alice, second.id));
    await app.lifecycle.settled();
    expect(await stored(app, objects)).toEqual([]);
  });

  it('leaves the files of a post that someone else tried to delete', async () => {
    const [alice, mallory] = [await registerUser(app), await registerUser(app)];
    const post = await postWithMedia(app, origin, alice, 'kept');
    const objects = await objectsOf(app, post.media);
    expect(refusal(await deletePost(mallory, post.id))).toMatchObject({ status: 403, code: errorCatalogue.forbidden.code });
    expect(refusal(await deletePost({ headers: { accorgid: ORG } }, post.id))).toMatchObject({ status: 401 });
    expect(refusal(await deletePost(alice, 'not-an-id'))).toMatchObject({ status: 400 });
    await app.lifecycle.settled();
    expect(await stored(app, objects)).toEqual(objects);
  });

  it('deletes the files of a post a moderator deletes', async () => {
    const alice = await registerUser(app);
    const post = await postWithMedia(app, origin, alice, 'taken-down');
    const objects = await objectsOf(app, post.media);
    data(await moderate('delete', post.id));
    await app.lifecycle.settled();
    expect(await stored(app, objects)).toEqual([]);
  });
});

describe('review', () => {
  it('keeps the files of a post not passed (its author still sees it; a moderator may pass it again)', async () => {
    const alice = await registerUser(app);
    const post = await postWithMedia(app, origin, alice, 'disputed');
    const objects = await objectsOf(app, post.media);
    data(await moderate('not-pass', post.id));
    await app.lifecycle.sweep();
    expect(await stored(app, objects)).toEqual(objects);
    const mine = data<{ items: Post[] }>(await app.inject({ method: 'GET', url: '/api/me/posts', headers: alice.headers }));
    expect(mine.items[0]).toMatchObject({ id: post.id, reviewStatus: 'not_passed' });

    data(await moderate('pass', post.id));
    const shown = data<Post>(await app.inject({ method: 'GET', url: `/api/posts/${post.id}`, headers: { accorgid: ORG } }));
    expect(shown.reviewStatus).toBe('passed');
    for (const key of [shown.media[0]!.path, shown.media[0]!.thumb!, shown.media[1]!.thumb!]) expect((await fetch(`${origin}/storage/padhub/${key}`)).status).toBe(200);

    // Deleting it after all is what removes them.
    data(await moderate('not-pass', post.id));
    data(await moderate('delete', post.id));
    await app.lifecycle.settled();
    expect(await stored(app, objects)).toEqual([]);
  });
});

describe('deregistration', () => {
  it("deletes everything under the account's prefix: posted, never posted, renditions", async () => {
    const alice = await registerUser(app);
    const post = await postWithMedia(app, origin, alice, 'mine');
    const unused = await uploadAs(origin, alice, 'never-posted.png', await png(), 'image/png');
    const objects = [...(await objectsOf(app, post.media)), unused];
    const bob = await registerUser(app);
    const bobs = await objectsOf(app, (await postWithMedia(app, origin, bob, 'bobs')).media);

    data(await app.inject({ method: 'DELETE', url: '/api/me', headers: alice.headers }));
    await app.lifecycle.settled();
    expect(await stored(app, objects)).toEqual([]);
    // Someone else's files are untouched.
    expect(await stored(app, bobs)).toEqual(bobs);
  });

  it('keeps the goods pictures a deregistered admin uploaded: the shop still shows them', async () => {
    const admin = await registerStaff(app, 'admin');
    const picture = await uploadAs(origin, admin, 'goods.png', await png(), 'image/png');
    const loose = await uploadAs(origin, admin, 'loose.png', await png(), 'image/png');
    const headers = { ...admin.headers, 'accept-language': 'cn' };
    const category = data<{ id: string }>(await app.inject({ method: 'POST', url: '/api/admin/goods-categories', headers, payload: { names: { cn: '手柄' } } }));
    const goods = data<{ pictures: Post['media'] }>(
      await app.inject({ method: 'POST', url: '/api/admin/goods', headers, payload: { categoryId: category.id, texts: { cn: { name: '手柄' } }, pictures: [{ path: picture }] } }),
    );
    const pictures = await objectsOf(app, goods.pictures);
    expect(pictures).toHaveLength(3);

    data(await app.inject({ method: 'DELETE', url: '/api/me', headers: admin.headers }));
    await app.lifecycle.settled();
    expect(await stored(app, pictures)).toEqual(pictures);
    expect(await stored(app, [loose])).toEqual([]);
  });
});
