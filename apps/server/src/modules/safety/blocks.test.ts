import { describe, expect, it } from 'vitest';
import type { Comment, CommentItem, ListedUser, Page, Post } from '@padhub/contracts';
import { type Actor, buildTestApp, data, ORG, OTHER_ORG, registerUser } from '#server-test/helper.ts';
import { as, makePost } from '#server/modules/community/test-fixtures.ts';
import { commentOn, deleteList, expectError, putList } from './test-fixtures.ts';

const app = await buildTestApp({ REGISTER_LIMIT_PER_IP: '1000' });

const get = async <T>(actor: Actor, url: string) => data<T>(await app.inject({ method: 'GET', url, headers: as(actor) }));
const feedIds = async (actor: Actor, query = '') => (await get<Page<Post>>(actor, `/api/posts?limit=50${query}`)).items.map((p) => p.id);

describe('PUT /api/blocks/:userId', () => {
  it('hides everything of the blocked author from me: feed, detail, search, comments, replies (under my own posts too), my likes', async () => {
    const [me, troll, friend] = [await registerUser(app), await registerUser(app), await registerUser(app)];
    const trollPost = await makePost(app, troll, { content: '手柄宏配置 troll 的帖子' });
    const friendPost = await makePost(app, friend, { content: '手柄宏配置 friend 的帖子' });
    const myPost = await makePost(app, me);
    const trollComment = data<Comment>(await commentOn(app, troll, friendPost, 'troll comment'));
    const friendComment = data<Comment>(await commentOn(app, friend, myPost, 'friend comment'));
    data(await commentOn(app, troll, myPost, 'troll reply under my post', friendComment.id));
    data(await app.inject({ method: 'PUT', url: `/api/posts/${trollPost}/like`, headers: me.headers }));

    expect(data(await putList(app, me, 'blocks', troll.id))).toEqual({ blocked: true });

    expect(await feedIds(me)).not.toContain(trollPost);
    expect(await feedIds(me)).toContain(friendPost);
    expect(await feedIds(me, '&q=手柄')).toEqual([friendPost]);
    // The detail says it is my own block that hides it (see blocked-explained.test.ts).
    expectError(await app.inject({ method: 'GET', url: `/api/posts/${trollPost}`, headers: as(me) }), 'author_hidden_by_you');
    const comments = await get<Page<Comment>>(me, `/api/posts/${friendPost}/comments`);
    expect(comments.items.map((c) => c.id)).not.toContain(trollComment.id);
    const replies = await get<Page<CommentItem>>(me, `/api/comments/${friendComment.id}/replies`);
    expect(replies.items).toEqual([]);
    expect((await get<Page<Comment>>(me, `/api/posts/${myPost}/comments`)).items[0]!.replies).toEqual([]);
    expect((await get<Page<Post>>(me, '/api/me/likes')).items.map((p) => p.id)).not.toContain(trollPost);

    // Only for me: the others still see the troll.
    expect(await feedIds(friend)).toContain(trollPost);
    expect((await get<Page<CommentItem>>(friend, `/api/comments/${friendComment.id}/replies`)).items).toHaveLength(1);
  });

  it('is undone from my list, and is idempotent both ways', async () => {
    const [me, author] = [await registerUser(app), await registerUser(app)];
    const postId = await makePost(app, author);
    data(await putList(app, me, 'blocks', author.id));
    data(await putList(app, me, 'blocks', author.id));
    const list = await get<Page<ListedUser>>(me, '/api/me/blocks');
    expect(list.items.map((i) => i.user)).toEqual([expect.objectContaining({ id: author.id, username: author.username })]);
    expect(data(await deleteList(app, me, 'blocks', author.id))).toEqual({ blocked: false });
    expect(data(await deleteList(app, me, 'blocks', author.id))).toEqual({ blocked: false });
    expect((await get<Page<ListedUser>>(me, '/api/me/blocks')).items).toEqual([]);
    expect(await feedIds(me)).toContain(postId);
  });

  it('refuses myself, someone of another organisation, someone who does not exist, and a bad id', async () => {
    const me = await registerUser(app);
    const stranger = await registerUser(app, { org: OTHER_ORG });
    const self = await putList(app, me, 'blocks', me.id);
    expectError(self, 'validation_failed');
    expect(self.json().data.issues[0].path).toBe('params.userId');
    expectError(await putList(app, me, 'blocks', stranger.id), 'not_found');
    expectError(await putList(app, me, 'blocks', '999999999'), 'not_found');
    expectError(await putList(app, me, 'blocks', 'abc'), 'validation_failed');
  });

  it('needs a login, and lists only my own', async () => {
    const [me, other, author] = [await registerUser(app), await registerUser(app), await registerUser(app)];
    expectError(await app.inject({ method: 'PUT', url: `/api/blocks/${author.id}`, headers: { accorgid: ORG } }), 'login_required');
    expectError(await app.inject({ method: 'GET', url: '/api/me/blocks', headers: { accorgid: ORG } }), 'login_required');
    data(await putList(app, me, 'blocks', author.id));
    expect((await get<Page<ListedUser>>(other, '/api/me/blocks')).items).toEqual([]);
    // Another user cannot undo my block: their DELETE only touches their own list.
    data(await deleteList(app, other, 'blocks', author.id));
    expect((await get<Page<ListedUser>>(me, '/api/me/blocks')).items).toHaveLength(1);
  });
});
