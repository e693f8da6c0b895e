import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { ModerationPost, Post, RemovedPicturePage } from '@padhub/contracts';
import { type Actor, buildTestApp, data, ORG, OTHER_ORG, registerUser } from '#server-test/helper.ts';
import { listen } from '#server-test/storage.ts';
import { syntheticPicture } from '#server/lib/picture-hash/synthetic.ts';
import { createPost, mp4, uploadAs } from '#server/modules/posting/test-fixtures.ts';
import { expectError, registerStaff } from './test-fixtures.ts';

const app = await buildTestApp({ REGISTER_LIMIT_PER_IP: '1000' });
const { origin } = await listen(app);
const admin = await registerStaff(app, 'admin');
const moderator = await registerStaff(app, 'moderator');
const otherAdmin = await registerStaff(app, 'admin', { org: OTHER_ORG });
const [alice, bob] = [await registerUser(app), await registerUser(app)];

let uploads = 0;
const post = async (actor: Actor, picture: Buffer, type = 'image/png') => {
  const path = await uploadAs(origin, actor, `p${++uploads}`, picture, type);
  return createPost(app, actor, { content: 'look', media: [{ path, kind: 'image' }] });
};
const list = (actor = admin) => app.inject({ method: 'GET', url: '/api/admin/removed-pictures', headers: actor.headers });
const setAction = (action: string, actor = admin) => app.inject({ method: 'PUT', url: '/api/admin/removed-pictures/settings', headers: actor.headers, payload: { action } });
const forget = (id: string, actor = admin) => app.inject({ method: 'DELETE', url: `/api/admin/removed-pictures/${id}`, headers: actor.headers });
const auditOf = (action: string) =>
  app.db.query<{ target_id: string | null; detail: Record<string, unknown> }>('select target_id, detail from moderation_log where org_id = $1 and action = $2 order by id', [ORG, action]);

const original = await syntheticPicture(101);
const halfSize = await sharp(original).resize({ width: 200 }).jpeg({ quality: 70 }).toBuffer();
const meta = await sharp(original).metadata();
const cropped = await sharp(original).extract({ left: Math.round(meta.width * 0.1), top: 0, width: meta.width - Math.round(meta.width * 0.1), height: meta.height }).webp().toBuffer();

describe('removed pictures stay removed', () => {
  it('a removed post puts its picture on the list; a re-upload is refused, held, or after the entry is forgotten, let through', async () => {
    const removed = data<Post>(await post(alice, original));
    expect(data(await app.inject({ method: 'POST', url: `/api/admin/posts/${removed.id}/delete`, headers: moderator.headers, payload: { reason: 'not allowed here' } })));

    const page = data<RemovedPicturePage>(await list(moderator));
    expect(page).toMatchObject({ action: 'refuse', total: 1, items: [{ postId: removed.id }], nextCursor: null });
    // Nothing crosses organisations: the other one's list is empty.
    expect(data<RemovedPicturePage>(await list(otherAdmin)).total).toBe(0);

    // Resized and re-saved, by someone else: refused, naming nothing. An unrelated picture goes through.
    const refused = await post(bob, halfSize, 'image/jpeg');
    expectError(refused, 'picture_refused');
    expect(JSON.stringify(refused.json())).not.toContain(removed.id);
    expect(data<Post>(await post(bob, await syntheticPicture(102))).reviewStatus).toBe('passed');

    // The organisation holds instead: the post waits, and moderators read why.
    expect(data(await setAction('hold'))).toEqual({ action: 'hold' });
    const held = data<Post>(await post(bob, cropped, 'image/webp'));
    expect(held.reviewStatus).toBe('pending');
    const queue = data<{ items: ModerationPost[] }>(await app.inject({ method: 'GET', url: '/api/admin/posts/pending', headers: moderator.headers }));
    expect(queue.items.find((p) => p.id === held.id)?.pictureHold).toEqual({ removedPostId: removed.id });
    expect((await auditOf('set_picture_match_action'))[0]).toEqual({ target_id: null, detail: { from: 'refuse', to: 'hold' } });

    // An admin takes it off the list: the picture may be posted again.
    const entry = page.items[0]!;
    expect(data(await forget(entry.id))).toEqual({});
    expectError(await forget(entry.id), 'not_found');
    expect((await auditOf('forget_removed_picture'))[0]).toEqual({ target_id: entry.id, detail: { postId: removed.id } });
    expect(data<Post>(await post(bob, halfSize, 'image/jpeg')).reviewStatus).toBe('passed');
    await setAction('refuse');
  });

  it('a ban with hidden content puts all the person’s pictures on the list, video posters too', async () => {
    const carol = await registerUser(app);
    const poster = await syntheticPicture(103);
    const video = await uploadAs(origin, carol, 'clip.mp4', mp4(), 'video/mp4');
    const thumb = await uploadAs(origin, carol, 'clip-poster.png', poster, 'image/png');
    data<Post>(await createPost(app, carol, { content: 'clip', media: [{ path: video, kind: 'video', thumb }] }));
    data<Post>(await post(carol, await syntheticPicture(104)));
    const before = data<RemovedPicturePage>(await list()).total;
    data(await app.inject({ method: 'POST', url: `/api/admin/users/${carol.id}/ban`, headers: moderator.headers, payload: { reason: 'spam', days: 7, hideContent: true } }));
    expect(data<RemovedPicturePage>(await list()).total).toBe(before + 2);
    expectError(await post(alice, await sharp(poster).resize({ width: 300 }).jpeg({ quality: 80 }).toBuffer(), 'image/jpeg'), 'picture_refused');
    // A ban that hides nothing leaves the list as it was.
    const dave = await registerUser(app);
    data<Post>(await post(dave, await syntheticPicture(105)));
    data(await app.inject({ method: 'POST', url: `/api/admin/users/${dave.id}/ban`, headers: moderator.headers, payload: { reason: 'rude', days: 1 } }));
    expect(data<RemovedPicturePage>(await list()).total).toBe(before + 2);
  });

  it('refuses bad input and anyone but the organisation’s staff (admins to change the list)', async () => {
    expectError(await setAction('delete'), 'validation_failed');
    expectError(await forget('abc'), 'validation_failed');
    expectError(await forget('999999999'), 'not_found');
    expectError(await app.inject({ method: 'GET', url: '/api/admin/removed-pictures?limit=0', headers: admin.headers }), 'validation_failed');
    expectError(await list(alice), 'forbidden');
    expectError(await setAction('hold', moderator), 'forbidden');
    const [entry] = data<RemovedPicturePage>(await list()).items;
    expectError(await forget(entry!.id, moderator), 'forbidden');
    // Another organisation's admin does not find this one's entry.
    expectError(await forget(entry!.id, otherAdmin), 'not_found');
  });
});
