import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { type CreatePostInput, type ModerationPost, type Page, type Post, type Revisions, errorCatalogue } from '@padhub/contracts';
import { type Actor, buildTestApp, data, OTHER_ORG, registerUser } from '#server-test/helper.ts';
import { listen } from '#server-test/storage.ts';
import { as } from '#server/modules/community/test-fixtures.ts';
import { objectsOf, stored } from '#server/modules/media-lifecycle/test-fixtures.ts';
import { inbox } from '#server/modules/notifications/test-fixtures.ts';
import { commentOn, registerStaff } from '#server/modules/safety/test-fixtures.ts';
import { createPost, mp4, png, refusal, uploadAs } from './test-fixtures.ts';

const app = await buildTestApp({ REGISTER_LIMIT_PER_IP: '1000' });
const { origin } = await listen(app);
const moderator = await registerStaff(app, 'moderator');
// The second organisation moderates before publishing (seed/organisations.ts).
const preModerator = await registerStaff(app, 'moderator', { org: OTHER_ORG });

const edit = (actor: { headers: Record<string, string> }, id: string, body: CreatePostInput | object, key: string | null = randomUUID()) =>
  app.inject({ method: 'PATCH', url: `/api/posts/${id}`, headers: { ...actor.headers, ...(key === null ? {} : { 'idempotency-key': key }) }, payload: body });
const read = async (actor: Actor, id: string) => data<Post>(await app.inject({ method: 'GET', url: `/api/posts/${id}`, headers: as(actor) }));
const revisions = async (staff: Actor, id: string) => data<Revisions>(await app.inject({ method: 'GET', url: `/api/admin/posts/${id}/revisions`, headers: staff.headers })).items;
const review = (staff: Actor, id: string, action: 'pass' | 'not-pass', edit: boolean) =>
  app.inject({ method: 'POST', url: `/api/admin/posts/${id}/${action}`, headers: staff.headers, payload: { reason: 'rule 3', edit } });
const queue = async (staff: Actor) => data<Page<ModerationPost>>(await app.inject({ method: 'GET', url: '/api/admin/posts/pending?limit=50', headers: staff.headers })).items;

describe('PATCH /api/posts/:id under post-moderation', () => {
  it('is live at once, keeps likes and comments, records the earlier version and releases the files no longer shown', async () => {
    const [author, reader] = [await registerUser(app), await registerUser(app)];
    const kept = await uploadAs(origin, author, 'kept.png', await png(), 'image/png');
    const dropped = await uploadAs(origin, author, 'dropped.png', await png(320, 240), 'image/png');
    const added = await uploadAs(origin, author, 'added.png', await png(200, 200), 'image/png');
    const post = data<Post>(await createPost(app, author, { content: 'Frist try', media: [{ path: kept, kind: 'image' }, { path: dropped, kind: 'image' }] }));
    data(await app.inject({ method: 'PUT', url: `/api/posts/${post.id}/like`, headers: reader.headers }));
    data(await commentOn(app, reader, post.id, 'nice'));
    const droppedObjects = await objectsOf(app, post.media.slice(1));
    const keptObjects = await objectsOf(app, post.media.slice(0, 1));

    const edited = data<Post>(await edit(author, post.id, { content: 'First try', media: [{ path: kept, kind: 'image' }, { path: added, kind: 'image' }] }));
    expect(edited.content).toBe('First try');
    expect(edited.editedAt).not.toBeNull();
    expect(edited.media.map((m) => m.path)).toEqual([kept, added]);
    const seen = await read(reader, post.id);
    expect(seen).toMatchObject({ content: 'First try', likeCount: 1, commentCount: 1, liked: true, editedAt: edited.editedAt });
    expect(seen.pendingEdit).toBeUndefined();
    expect((await revisions(moderator, post.id)).map((r) => [r.content, r.mediaCount])).toEqual([['Frist try', 2]]);
    await app.lifecycle.settled();
    expect(await stored(app, droppedObjects)).toEqual([]);
    expect(await stored(app, keptObjects)).toEqual(keptObjects);
  });

  it('keeps a video as it is stored, poster included, when the edit names it again', async () => {
    const author = await registerUser(app);
    const video = await uploadAs(origin, author, 'clip.mp4', mp4(), 'video/mp4');
    const poster = await uploadAs(origin, author, 'poster.png', await png(), 'image/png');
    const post = data<Post>(await createPost(app, author, { content: 'clip', media: [{ path: video, kind: 'video', thumb: poster, duration: 12.5 }] }));
    const objects = await objectsOf(app, post.media);
    const edited = data<Post>(await edit(author, post.id, { content: 'my clip', media: [{ path: video, kind: 'video' }] }));
    expect(edited.media).toEqual(post.media);
    // The server's length (tiny.mp4: half a second), not the browser's.
    expect(edited.media[0]?.duration).toBe(0.5);
    await app.lifecycle.settled();
    expect(await stored(app, objects)).toEqual(objects);
  });

  it('makes one edit of one Idempotency-Key, and refuses the key with another body or for a new post', async () => {
    const author = await registerUser(app);
    const post = data<Post>(await createPost(app, author, { content: 'one' }));
    const key = randomUUID();
    const first = data<Post>(await edit(author, post.id, { content: 'two' }, key));
    const again = data<Post>(await edit(author, post.id, { content: 'two' }, key));
    expect(again).toEqual(first);
    expect(await revisions(moderator, post.id)).toHaveLength(1);
    expect(refusal(await edit(author, post.id, { content: 'three' }, key))).toMatchObject({ code: errorCatalogue.idempotency_key_reused.code, data: { postId: post.id } });
    expect(refusal(await createPost(app, author, { content: 'two' }, { key })).code).toBe(errorCatalogue.idempotency_key_reused.code);
    expect(refusal(await edit(author, post.id, { content: 'four' }, null)).code).toBe(errorCatalogue.idempotency_key_invalid.code);
    expect((await read(author, post.id)).content).toBe('two');
  });

  it('applies the limits and checks of a new post, and changes nothing when refused', async () => {
    const [author, other] = [await registerUser(app), await registerUser(app)];
    const post = data<Post>(await createPost(app, author, { content: 'short' }));
    const theirs = await uploadAs(origin, other, 'theirs.png', await png(), 'image/png');
    expect((await edit(author, post.id, { content: '' })).statusCode).toBe(400);
    expect((await edit(author, post.id, { content: 'x'.repeat(5001) })).statusCode).toBe(400);
    expect((await edit(author, post.id, { content: 'x', media: Array.from({ length: 19 }, (_, i) => ({ path: `p${i}.png`, kind: 'image' })) })).statusCode).toBe(400);
    expect(refusal(await edit(author, post.id, { content: 'x', model: 'no-such-pad' })).code).toBe(errorCatalogue.validation_failed.code);
    expect(refusal(await edit(author, post.id, { content: 'x', media: [{ path: theirs, kind: 'video', duration: -3 }] })).code).toBe(errorCatalogue.validation_failed.code);
    expect(refusal(await edit(author, post.id, { content: 'x', media: [{ path: theirs, kind: 'image' }] })).code).toBe(errorCatalogue.media_not_yours.code);
    expect(refusal(await edit(author, post.id, { content: 'x', configIds: ['999999'] }))).toMatchObject({ status: 400 });
    expect(await read(author, post.id)).toMatchObject({ content: 'short', editedAt: null });
    expect(await revisions(moderator, post.id)).toEqual([]);
  });

  it('refuses anyone but the author, anonymous people, and a deleted or removed post', async () => {
    const [author, other] = [await registerUser(app), await registerUser(app)];
    const post = data<Post>(await createPost(app, author, { content: 'mine' }));
    expect(refusal(await edit(other, post.id, { content: 'yours' })).code).toBe(errorCatalogue.forbidden.code);
    expect(refusal(await edit({ headers: { accorgid: author.org } }, post.id, { content: 'nobody' })).code).toBe(errorCatalogue.login_required.code);
    expect(refusal(await edit(preModerator, post.id, { content: 'other organisation' })).code).toBe(errorCatalogue.not_found.code);
    const removed = data<Post>(await createPost(app, author, { content: 'removed' }));
    data(await app.inject({ method: 'POST', url: `/api/admin/posts/${removed.id}/delete`, headers: moderator.headers, payload: { reason: 'rule 1' } }));
    expect(refusal(await edit(author, removed.id, { content: 'back' })).code).toBe(errorCatalogue.not_found.code);
    data(await app.inject({ method: 'DELETE', url: `/api/posts/${post.id}`, headers: author.headers }));
    expect(refusal(await edit(author, post.id, { content: 'back' })).code).toBe(errorCatalogue.not_found.code);
    expect(refusal(await edit(author, '999999999', { content: 'x' })).code).toBe(errorCatalogue.not_found.code);
  });
});

describe('an edit of a live post under post-moderation', () => {
  it('goes live and enters the review queue as an edit, until a moderator decides it', async () => {
    const [author, reader] = [await registerUser(app), await registerUser(app)];
    const post = data<Post>(await createPost(app, author, { content: 'a harmless post' }));
    // A new post under post-moderation is live and not waiting in the queue.
    expect((await queue(moderator)).map((p) => p.id)).not.toContain(post.id);
    data(await edit(author, post.id, { content: 'something else entirely' }));
    expect((await read(reader, post.id)).content).toBe('something else entirely');
    const queued = (await queue(moderator)).find((p) => p.id === post.id);
    expect(queued).toMatchObject({ content: 'something else entirely', liveEdit: true, edit: null, reviewStatus: 'passed' });
    expect((await revisions(moderator, post.id)).map((r) => r.content)).toEqual(['a harmless post']);
    // Passed: off the queue, still live. Edited again: back in it.
    data(await review(moderator, post.id, 'pass', false));
    expect((await queue(moderator)).map((p) => p.id)).not.toContain(post.id);
    data(await edit(author, post.id, { content: 'and again' }));
    expect((await queue(moderator)).find((p) => p.id === post.id)?.liveEdit).toBe(true);
    // Not passed: hidden from others, off the queue, its author told why.
    data(await review(moderator, post.id, 'not-pass', false));
    expect((await queue(moderator)).map((p) => p.id)).not.toContain(post.id);
    expect((await app.inject({ method: 'GET', url: `/api/posts/${post.id}`, headers: as(reader) })).statusCode).toBe(404);
    // Only people who may moderate see the queue.
    expect((await app.inject({ method: 'GET', url: '/api/admin/posts/pending', headers: reader.headers })).statusCode).toBe(403);
  });
});

describe('PATCH /api/posts/:id under pre-moderation', () => {
  it('keeps the passed version visible while the edit waits, shows the author their edit, and swaps it in when passed', async () => {
    const [author, reader] = [await registerUser(app, { org: OTHER_ORG }), await registerUser(app, { org: OTHER_ORG })];
    const post = data<Post>(await createPost(app, author, { content: 'passed text' }));
    data(await review(preModerator, post.id, 'pass', false));
    data(await app.inject({ method: 'PUT', url: `/api/posts/${post.id}/like`, headers: reader.headers }));

    const answered = data<Post>(await edit(author, post.id, { content: 'edited text' }));
    expect(answered.content).toBe('passed text');
    expect(answered.pendingEdit).toMatchObject({ content: 'edited text', reviewStatus: 'pending', reviewReason: null });
    expect(await read(reader, post.id)).toMatchObject({ content: 'passed text', editedAt: null, reviewStatus: 'passed' });
    expect((await read(reader, post.id)).pendingEdit).toBeUndefined();
    const waiting = (await queue(preModerator)).find((p) => p.id === post.id);
    expect(waiting).toMatchObject({ content: 'passed text', reviewStatus: 'passed', edit: { content: 'edited text' } });

    // Not passed: the post stays as it was, the author reads why and may edit again.
    data(await review(preModerator, post.id, 'not-pass', true));
    expect(await read(reader, post.id)).toMatchObject({ content: 'passed text', reviewStatus: 'passed' });
    expect((await read(author, post.id)).pendingEdit).toMatchObject({ reviewStatus: 'not_passed', reviewReason: 'rule 3' });
    expect((await queue(preModerator)).map((p) => p.id)).not.toContain(post.id);
    data(await edit(author, post.id, { content: 'edited again' }));
    expect((await read(author, post.id)).pendingEdit).toMatchObject({ content: 'edited again', reviewStatus: 'pending' });

    data(await edit(author, post.id, { content: `edited again for @${reader.username}` }));
    // Named in an edit nobody else sees yet: told only once it passes.
    expect(await inbox(app, reader)).toEqual([]);
    data(await review(preModerator, post.id, 'pass', true));
    expect((await inbox(app, reader)).map((n) => n.type)).toEqual(['mention']);
    const now = await read(reader, post.id);
    expect(now).toMatchObject({ content: `edited again for @${reader.username}`, reviewStatus: 'passed', likeCount: 1 });
    expect(now.editedAt).not.toBeNull();
    expect((await read(author, post.id)).pendingEdit).toBeUndefined();
    expect((await revisions(preModerator, post.id)).map((r) => r.content)).toEqual(['passed text']);
    expect(refusal(await review(preModerator, post.id, 'pass', true)).code).toBe(errorCatalogue.not_found.code);
  });

  it('keeps the files the visible version shows while an edit that drops them waits', async () => {
    const author = await registerUser(app, { org: OTHER_ORG });
    const picture = await uploadAs(origin, author, 'shown.png', await png(), 'image/png');
    const post = data<Post>(await createPost(app, author, { content: 'with picture', media: [{ path: picture, kind: 'image' }] }));
    data(await review(preModerator, post.id, 'pass', false));
    const objects = await objectsOf(app, post.media);
    data(await edit(author, post.id, { content: 'without picture' }));
    await app.lifecycle.settled();
    expect(await stored(app, objects)).toEqual(objects);
    data(await review(preModerator, post.id, 'pass', true));
    await app.lifecycle.settled();
    expect(await stored(app, objects)).toEqual([]);
  });

  it('sends a "not passed" post back to review when its author edits it', async () => {
    const author = await registerUser(app, { org: OTHER_ORG });
    const post = data<Post>(await createPost(app, author, { content: 'too rude' }));
    data(await review(preModerator, post.id, 'not-pass', false));
    const edited = data<Post>(await edit(author, post.id, { content: 'polite now' }));
    expect(edited).toMatchObject({ content: 'polite now', reviewStatus: 'pending', reviewReason: null });
    expect((await queue(preModerator)).find((p) => p.id === post.id)).toMatchObject({ content: 'polite now', edit: null });
    expect(refusal(await review(preModerator, post.id, 'pass', true)).code).toBe(errorCatalogue.not_found.code);
  });
});
