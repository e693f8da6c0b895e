import { describe, expect, it } from 'vitest';
import type { AuthorHiddenData, Comment, Page, Post, Report } from '@padhub/contracts';
import { type Actor, buildTestApp, data, ORG, registerUser } from '#server-test/helper.ts';
import { as, makePost } from '#server/modules/community/test-fixtures.ts';
import { commentOn, expectError, putList, report } from './test-fixtures.ts';

const app = await buildTestApp({ REGISTER_LIMIT_PER_IP: '1000' });

const detail = (actor: Actor | { org: string }, postId: string) => app.inject({ method: 'GET', url: `/api/posts/${postId}`, headers: as(actor) });
const feed = async (actor: Actor | { org: string }) => data<Page<Post>>(await app.inject({ method: 'GET', url: '/api/posts?limit=50', headers: as(actor) })).items;

describe('a post hidden by my own block or blacklist', () => {
  it('says whom I blocked, and on which list, to me only', async () => {
    const [me, troll, pest, friend] = [await registerUser(app), await registerUser(app), await registerUser(app), await registerUser(app)];
    const [trollPost, pestPost] = [await makePost(app, troll), await makePost(app, pest)];
    data(await putList(app, me, 'blocks', troll.id));
    data(await putList(app, me, 'blacklist', pest.id));

    const blocked = await detail(me, trollPost);
    expectError(blocked, 'author_hidden_by_you');
    expect(blocked.json().data).toEqual({ author: expect.objectContaining({ id: troll.id, username: troll.username }), list: 'block' } satisfies AuthorHiddenData);
    expect((await detail(me, pestPost)).json().data).toMatchObject({ author: { id: pest.id }, list: 'blacklist' });
    // On both lists, the blacklist is named: taking them off it alone would not show the post.
    data(await putList(app, me, 'blocks', pest.id));
    expect((await detail(me, pestPost)).json().data).toMatchObject({ list: 'blacklist' });
    // Everyone else simply sees the post.
    data(await detail(friend, trollPost));
    data(await detail({ org: ORG }, trollPost));
    // Unblocked, it is there again.
    data(await app.inject({ method: 'DELETE', url: `/api/blocks/${troll.id}`, headers: me.headers }));
    expect(data<Post>(await detail(me, trollPost)).id).toBe(trollPost);
  });

  it('stays not_found when something else hides it: deleted, not passed, or their blacklist of me', async () => {
    const [me, author, both] = [await registerUser(app), await registerUser(app), await registerUser(app)];
    const deleted = await makePost(app, author);
    const pending = await makePost(app, author, { reviewStatus: 'pending' });
    data(await app.inject({ method: 'DELETE', url: `/api/posts/${deleted}`, headers: author.headers }));
    data(await putList(app, me, 'blocks', author.id));
    expectError(await detail(me, deleted), 'not_found');
    expectError(await detail(me, pending), 'not_found');
    // I blocked them and they blacklisted me: telling me about my block would reveal their blacklist.
    const bothPost = await makePost(app, both);
    data(await putList(app, me, 'blocks', both.id));
    data(await putList(app, both, 'blacklist', me.id));
    expectError(await detail(me, bothPost), 'not_found');
    expectError(await detail(me, 'abc'), 'validation_failed');
  });
});

describe('reporting after blocking', () => {
  it('takes a report of a post and of a comment whose author I blocked', async () => {
    const [me, troll, host] = [await registerUser(app), await registerUser(app), await registerUser(app)];
    const trollPost = await makePost(app, troll);
    const hostPost = await makePost(app, host);
    const trollComment = data<Comment>(await commentOn(app, troll, hostPost, 'harassing comment'));
    data(await putList(app, me, 'blocks', troll.id));
    expect(data<Report>(await report(app, me, { targetType: 'post', targetId: trollPost, reason: 'abuse' }))).toMatchObject({ targetId: trollPost, status: 'received' });
    expect(data<Report>(await report(app, me, { targetType: 'comment', targetId: trollComment.id, reason: 'abuse' })).targetId).toBe(trollComment.id);
    data(await putList(app, me, 'blacklist', host.id));
    data(await report(app, me, { targetType: 'post', targetId: hostPost, reason: 'spam' }));
  });

  it('refuses bad input, an anonymous reporter, and what someone else’s blacklist hides from me', async () => {
    const [me, owner] = [await registerUser(app), await registerUser(app)];
    const ownerPost = await makePost(app, owner);
    data(await putList(app, me, 'blocks', owner.id));
    expectError(await report(app, me, { targetType: 'post', targetId: ownerPost, reason: 'rude' }), 'validation_failed');
    expectError(await report(app, { headers: { accorgid: ORG } }, { targetType: 'post', targetId: ownerPost, reason: 'spam' }), 'login_required');
    data(await putList(app, owner, 'blacklist', me.id));
    expectError(await report(app, me, { targetType: 'post', targetId: ownerPost, reason: 'spam' }), 'not_found');
  });
});

describe('the comment count a person sees', () => {
  it('counts only the comments and replies they can see, and says how many their blocks hide', async () => {
    const [me, troll, host, friend] = [await registerUser(app), await registerUser(app), await registerUser(app), await registerUser(app)];
    const postId = await makePost(app, host);
    const first = data<Comment>(await commentOn(app, friend, postId, 'a good tip'));
    data(await commentOn(app, troll, postId, 'troll comment'));
    data(await commentOn(app, troll, postId, 'troll reply', first.id));
    data(await commentOn(app, me, postId, 'my own comment'));
    data(await putList(app, me, 'blocks', troll.id));

    const mine = data<Post>(await detail(me, postId));
    expect({ commentCount: mine.commentCount, hiddenCommentCount: mine.hiddenCommentCount }).toEqual({ commentCount: 2, hiddenCommentCount: 2 });
    expect((await feed(me)).find((p) => p.id === postId)).toMatchObject({ commentCount: 2, hiddenCommentCount: 2 });
    for (const other of [friend, troll, { org: ORG }]) expect(data<Post>(await detail(other, postId))).toMatchObject({ commentCount: 4, hiddenCommentCount: 0 });
    // On both of my lists, the troll's comments are still hidden once, not twice.
    data(await putList(app, me, 'blacklist', troll.id));
    expect(data<Post>(await detail(me, postId))).toMatchObject({ commentCount: 2, hiddenCommentCount: 2 });
    // A deleted comment of the blocked author is neither counted nor hidden.
    const trollComments = data<Page<Comment>>(await app.inject({ method: 'GET', url: `/api/posts/${postId}/comments`, headers: as(troll) })).items;
    const own = trollComments.find((c) => c.content === 'troll comment')!;
    data(await app.inject({ method: 'DELETE', url: `/api/comments/${own.id}`, headers: troll.headers }));
    expect(data<Post>(await detail(me, postId))).toMatchObject({ commentCount: 2, hiddenCommentCount: 1 });
  });
});
