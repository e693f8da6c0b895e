import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Post, errorCatalogue, errorMessages } from '@padhub/contracts';
import { buildTestApp, data, registerUser } from '#server-test/helper.ts';
import { listen } from '#server-test/storage.ts';
import { RENDITIONS, renditionKey } from '#server/storage/renditions.ts';
import { createPost, mp4, png, refusal, uploadAs } from '#server/modules/posting/test-fixtures.ts';
import { asActor, createCategory, personWithRole } from '#server/modules/shop/test-fixtures.ts';
import { DeletionsRepo } from './deletions-repo.ts';
import { objectsOf, queueRow, stored } from './test-fixtures.ts';

const app = await buildTestApp({ REGISTER_LIMIT_PER_IP: '1000', STORAGE_ORPHAN_HOURS: '2' });
const { origin } = await listen(app);
const HOUR = 3600 * 1000;
const store = app.storage.store;
const deletePost = (actor: { headers: Record<string, string> }, id: string) => app.inject({ method: 'DELETE', url: `/api/posts/${id}`, headers: actor.headers });
/** The store refuses every deletion until restored (an outage). */
const storeDown = () => vi.spyOn(store, 'delete').mockRejectedValue(new Error('store unreachable'));
/** Time passes: every queued deletion is due now. */
const makeDue = () => app.db.query('update storage_deletions set due_at = now() where done_at is null');

afterEach(() => vi.restoreAllMocks());

describe('deletions that fail', () => {
  it('stay queued through a store outage and are retried by the sweep, waiting longer after each failure', async () => {
    const alice = await registerUser(app);
    const picture = await uploadAs(origin, alice, 'outage.png', await png(), 'image/png');
    const post = data<Post>(await createPost(app, alice, { content: 'x', media: [{ path: picture, kind: 'image' }] }));
    const objects = await objectsOf(app, post.media);

    storeDown();
    data(await deletePost(alice, post.id));
    await app.lifecycle.settled();
    expect(await stored(app, objects)).toEqual(objects);
    expect(await queueRow(app, picture)).toMatchObject({ attempts: 1, done: false, last_error: 'store unreachable' });
    expect((await queueRow(app, picture))!.due_in).toBeGreaterThan(50);

    // Not due yet: the sweep leaves it alone.
    expect(await app.lifecycle.drain()).toEqual({ deleted: 0, kept: 0, failed: 0 });
    await makeDue();
    await app.lifecycle.drain();
    const second = await queueRow(app, picture);
    expect(second).toMatchObject({ attempts: 2, done: false });
    expect(second!.due_in).toBeGreaterThan(110);

    vi.restoreAllMocks();
    await makeDue();
    expect(await app.lifecycle.sweep()).toMatchObject({ deleted: objects.length, failed: 0 });
    expect(await stored(app, objects)).toEqual([]);
    expect(await queueRow(app, picture)).toMatchObject({ done: true });
  });

  it('end the pass at a batch that only failed: the rest waits for the next sweep', async () => {
    const keys = Array.from({ length: 250 }, (_, i) => `u/padhub/999999/outage/${i}.jpg`);
    await new DeletionsRepo(app.db).enqueue(keys);
    storeDown();
    const pass = await app.lifecycle.drain(keys);
    expect(pass).toEqual({ deleted: 0, kept: 0, failed: 200 });
    const [waiting] = await app.db.query<{ n: number }>('select count(*)::int as n from storage_deletions where key = any($1) and attempts = 0', [keys]);
    expect(waiting!.n).toBe(50);
  });
});

describe('a post naming a removed file', () => {
  it('is refused while the file waits for deletion, and after it is gone (a re-upload to its name included)', async () => {
    const alice = await registerUser(app);
    const picture = await uploadAs(origin, alice, 'doomed.png', await png(), 'image/png');
    const post = data<Post>(await createPost(app, alice, { content: 'x', media: [{ path: picture, kind: 'image' }] }));
    storeDown();
    data(await deletePost(alice, post.id));
    await app.lifecycle.settled();

    const again = await createPost(app, alice, { content: 'again', media: [{ path: picture, kind: 'image' }] });
    expect(refusal(again)).toEqual({ status: 422, code: errorCatalogue.media_removed.code, data: { path: picture } });
    expect(again.json().message).toBe(errorMessages.media_removed.cn);

    vi.restoreAllMocks();
    await makeDue();
    await app.lifecycle.drain();
    expect(await stored(app, [picture])).toEqual([]);
    // The name is free in the store again, but no post may name it for a day.
    await uploadAs(origin, alice, 'doomed.png', await png(), 'image/png');
    expect(refusal(await createPost(app, alice, { content: 'again', media: [{ path: picture, kind: 'image' }] }))).toMatchObject({ code: errorCatalogue.media_removed.code });
  });

  it('is refused before any rendition is made, and a video poster counts as a named file', async () => {
    const alice = await registerUser(app);
    const picture = await uploadAs(origin, alice, 'queued.png', await png(), 'image/png');
    const video = await uploadAs(origin, alice, 'clip.mp4', mp4(), 'video/mp4');
    await new DeletionsRepo(app.db).enqueue([picture]);
    const res = await createPost(app, alice, { content: 'x', media: [{ path: video, kind: 'video', thumb: picture }] });
    expect(refusal(res)).toEqual({ status: 422, code: errorCatalogue.media_removed.code, data: { path: picture } });
    expect(await stored(app, Object.values(RENDITIONS).map((w) => renditionKey(picture, w)))).toEqual([]);
  });
});

describe('the orphan sweep', () => {
  it('deletes uploads and renditions older than the grace period that nothing names', async () => {
    const alice = await registerUser(app);
    const posted = await uploadAs(origin, alice, 'posted.png', await png(), 'image/png');
    const post = data<Post>(await createPost(app, alice, { content: 'x', media: [{ path: posted, kind: 'image' }] }));
    const unused = await uploadAs(origin, alice, 'unused.png', await png(), 'image/png');
    const strayRendition = renditionKey(unused, RENDITIONS.thumb);
    await store.put(strayRendition, await png(48, 48), 'image/webp');
    const avatar = await uploadAs(origin, alice, 'avatar.png', await png(), 'image/png');
    await app.db.query('update users set avatar = $2 where id = $1', [alice.id, avatar]);
    const admin = await personWithRole(app, 'admin');
    const goodsPicture = await uploadAs(origin, admin, 'goods.png', await png(), 'image/png');
    const category = await createCategory(app, admin);
    data(await asActor(app, admin, 'POST', '/api/admin/goods', { categoryId: category.id, texts: { cn: { name: '手柄' } }, pictures: [{ path: goodsPicture }] }));
    const kept = [...(await objectsOf(app, post.media)), avatar, goodsPicture];

    // Within the grace period (2 hours here) nothing is touched: a send may still name them.
    expect(await app.lifecycle.queueOrphans(Date.now() + HOUR)).toBe(0);
    expect(await app.lifecycle.queueOrphans(Date.now() + 3 * HOUR)).toBeGreaterThanOrEqual(2);
    for (const key of kept) expect(await queueRow(app, key)).toBeUndefined();
    await app.lifecycle.drain();
    expect(await stored(app, [unused, strayRendition])).toEqual([]);
    expect(await stored(app, kept)).toEqual(kept);
  });

  it('keeps an orphan that a post named after it was queued: the deletion checks again', async () => {
    const alice = await registerUser(app);
    const late = await uploadAs(origin, alice, 'late.png', await png(), 'image/png');
    expect(await app.lifecycle.queueOrphans(Date.now() + 3 * HOUR)).toBeGreaterThan(0);
    // Named by a post written straight to the database, as a post made before the queueing would be.
    await app.db.query(`insert into posts (org_id, author_id, content, lang, media, search) values ('padhub', $1, 'x', 'cn', $2::jsonb, ''::tsvector)`, [
      alice.id,
      JSON.stringify([{ path: late, kind: 'image' }]),
    ]);
    expect((await app.lifecycle.drain()).kept).toBeGreaterThan(0);
    expect(await stored(app, [late])).toEqual([late]);
    expect(await queueRow(app, late)).toBeUndefined();
  });
});
