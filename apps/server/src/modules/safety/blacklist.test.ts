import { describe, expect, it } from 'vitest';
import { type Comment, errorMessages, type ListedUser, type Page, type Post } from '@padhub/contracts';
import { type Actor, buildTestApp, data, registerUser } from '#server-test/helper.ts';
import { as, makePost } from '#server/modules/community/test-fixtures.ts';
import { commentOn, deleteList, expectError, putList } from './test-fixtures.ts';

const app = await buildTestApp({ REGISTER_LIMIT_PER_IP: '1000' });

const get = async <T>(actor: Actor, url: string) => data<T>(await app.inject({ method: 'GET', url, headers: as(actor) }));
const feedIds = async (actor: Actor, query = '') => (await get<Page<Post>>(actor, `/api/posts?limit=50${query}`)).items.map((p) => p.id);

let scenes = 0;

/** Owner blacklists pest; third is someone else whose post both can see. `word` finds the scene's two posts. */
async function scene() {
  const [owner, pest, third] = [await registerUser(app), await registerUser(app), await registerUser(app)];
  const word = `scene${++scenes}word`;
  const ownerPost = await makePost(app, owner, { content: `${word} 主人的帖子` });
  const pestPost = await makePost(app, pest, { content: `${word} 骚扰者的帖子` });
  const thirdPost = await makePost(app, third);
  const ownerComment = data<Comment>(await commentOn(app, owner, thirdPost, 'owner speaks on a third post'));
  const pestComment = data<Comment>(await commentOn(app, pest, thirdPost, 'pest speaks on a third post'));
  expect(data(await putList(app, owner, 'blacklist', pest.id))).toEqual({ blacklisted: true });
  return { word, owner, pest, third, ownerPost, pestPost, thirdPost, ownerComment, pestComment };
}

describe('PUT /api/blacklist/:userId', () => {
  it('hides the blacklisted person from me everywhere, as blocking does', async () => {
    const s = await scene();
    expect(await feedIds(s.owner)).not.toContain(s.pestPost);
    expect(await feedIds(s.owner, `&q=${s.word}`)).toEqual([s.ownerPost]);
    expectError(await app.inject({ method: 'GET', url: `/api/posts/${s.pestPost}`, headers: as(s.owner) }), 'author_hidden_by_you');
    const comments = await get<Page<Comment>>(s.owner, `/api/posts/${s.thirdPost}/comments`);
    expect(comments.items.map((c) => c.id)).toEqual([s.ownerComment.id]);
  });

  it('and in the other direction: they no longer see my posts, in the feed, search or detail', async () => {
    const s = await scene();
    expect(await feedIds(s.pest)).not.toContain(s.ownerPost);
    expect(await feedIds(s.pest, `&q=${s.word}`)).toEqual([s.pestPost]);
    expectError(await app.inject({ method: 'GET', url: `/api/posts/${s.ownerPost}`, headers: as(s.pest) }), 'not_found');
    // Others are not affected.
    expect(await feedIds(s.third)).toEqual(expect.arrayContaining([s.ownerPost, s.pestPost]));
  });

  it('they cannot reply to me where they still see me, and are told only that they cannot reply here', async () => {
    const s = await scene();
    // They still see my comment on someone else's post, and answering it gets a neutral answer.
    const seen = await get<Page<Comment>>(s.pest, `/api/posts/${s.thirdPost}/comments`);
    expect(seen.items.map((c) => c.id)).toContain(s.ownerComment.id);
    expectError(await commentOn(app, s.pest, s.thirdPost, 'hey', s.ownerComment.id), 'reply_not_allowed');
    for (const lang of ['cn', 'en', 'jp', 'ko'] as const) {
      const res = await app.inject({
        method: 'POST',
        url: `/api/posts/${s.thirdPost}/comments`,
        headers: { ...s.pest.headers, 'accept-language': lang },
        payload: { content: 'again', replyTo: s.ownerComment.id },
      });
      expect(res.json().message).toBe(errorMessages.reply_not_allowed[lang]);
      expect(res.json().message).not.toMatch(/black|黑名单|ブラック|블랙|block|屏蔽|拉黑/i);
      expect(res.json().data).toBeUndefined();
    }
    // Nothing was written.
    expect((await get<Page<Comment>>(s.owner, `/api/posts/${s.thirdPost}/comments`)).items.find((c) => c.id === s.ownerComment.id)?.replyCount).toBe(0);
    // Elsewhere they still talk: to the third person, on the third post.
    data(await commentOn(app, s.pest, s.thirdPost, 'hello third'));
  });

  it('answers not_found where the post is hidden from them, never a refusal that says it is there', async () => {
    const s = await scene();
    // My post: hidden from them now, so it is as absent as a deleted one.
    expectError(await commentOn(app, s.pest, s.ownerPost, 'let me in'), 'not_found');
    // My post under review, and my comment on a post they cannot open.
    const pending = await makePost(app, s.owner, { reviewStatus: 'pending' });
    expectError(await commentOn(app, s.pest, pending, 'early'), 'not_found');
    const onPending = data<Comment>(await commentOn(app, s.owner, pending, 'my note on my post'));
    expectError(await commentOn(app, s.pest, pending, 'hey', onPending.id), 'not_found');
    // A post by someone they blocked, where my comment is.
    const blockedPost = await makePost(app, s.third);
    const mine = data<Comment>(await commentOn(app, s.owner, blockedPost, 'mine'));
    data(await putList(app, s.pest, 'blocks', s.third.id));
    expectError(await commentOn(app, s.pest, blockedPost, 'hey', mine.id), 'not_found');
    // A deleted post of mine.
    const deleted = await makePost(app, s.owner);
    const onDeleted = data<Comment>(await commentOn(app, s.owner, deleted, 'soon gone'));
    await app.db.query('update posts set deleted_at = now() where id = $1', [deleted]);
    expectError(await commentOn(app, s.pest, deleted, 'hey', onDeleted.id), 'not_found');
    // Nothing was written.
    expect((await get<Post>(s.owner, `/api/posts/${s.ownerPost}`)).commentCount).toBe(0);
    expect((await get<Post>(s.owner, `/api/posts/${pending}`)).commentCount).toBe(1);
  });

  it('does not stop me answering them, though I no longer see them', async () => {
    const s = await scene();
    data(await commentOn(app, s.owner, s.thirdPost, 'I can still speak here'));
  });

  it('is undone from my list, and everything comes back', async () => {
    const s = await scene();
    expect((await get<Page<ListedUser>>(s.owner, '/api/me/blacklist')).items.map((i) => i.user.id)).toEqual([s.pest.id]);
    expect((await get<Page<ListedUser>>(s.owner, '/api/me/blocks')).items).toEqual([]);
    expect(data(await deleteList(app, s.owner, 'blacklist', s.pest.id))).toEqual({ blacklisted: false });
    expect(await feedIds(s.pest)).toContain(s.ownerPost);
    expect(await feedIds(s.owner)).toContain(s.pestPost);
    data(await commentOn(app, s.pest, s.ownerPost, 'thanks'));
  });

  it('keeps a block when a blacklist is removed: they are separate lists', async () => {
    const s = await scene();
    data(await putList(app, s.owner, 'blocks', s.pest.id));
    data(await deleteList(app, s.owner, 'blacklist', s.pest.id));
    expect(await feedIds(s.owner)).not.toContain(s.pestPost);
    // The block is one-way: they see my posts again.
    expect(await feedIds(s.pest)).toContain(s.ownerPost);
  });
});
