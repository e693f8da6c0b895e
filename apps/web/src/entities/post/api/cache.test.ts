import type { InfiniteData } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { Comment, CommentItem, Page, Post } from '@padhub/contracts';
import { commentKeys } from '@/entities/comment/keys.ts';
import { postKeys } from '@/entities/post/keys.ts';
import { aPost, testQueryClient } from '@/test-utils.tsx';
import { removePost, restore, snapshot, updateComment, updatePost } from './cache.ts';

const post = (id: string, likeCount = 0) => aPost({ id, content: `Post ${id}`, likeCount, createdAt: '2025-05-01T10:00:00.000Z' });

const comment = (id: string, rootId: string | null = null): CommentItem => ({
  id,
  postId: '1',
  author: { id: '9', username: 'mina', nickname: 'Mina', avatar: null, state: 0 },
  content: `Comment ${id}`,
  rootId,
  replyTo: rootId,
  replyToAuthor: null,
  likeCount: 0,
  replyCount: 0,
  liked: false,
  deleted: false,
  createdAt: '2025-05-01T10:00:00.000Z', editedAt: null,
});

const pages = <T>(...lists: T[][]): InfiniteData<Page<T>> => ({
  pages: lists.map((items, i) => ({ items, nextCursor: i < lists.length - 1 ? String(i + 1) : null })),
  pageParams: lists.map((_, i) => (i === 0 ? null : String(i))),
});

const feedKey = postKeys.feed('en', { sort: 'new' });
const ids = (data: InfiniteData<Page<{ id: string }>> | undefined) => data?.pages.map((p) => p.items.map((i) => i.id));

describe('updatePost', () => {
  it('changes the post in its detail and on every page of every list, and nothing else', () => {
    const client = testQueryClient();
    client.setQueryData(postKeys.detail('2'), post('2', 1));
    client.setQueryData(feedKey, pages([post('1'), post('2', 1)], [post('3')]));
    client.setQueryData(postKeys.mine('likes'), pages([post('2', 1)]));
    updatePost(client, '2', (p) => ({ ...p, likeCount: p.likeCount + 1 }));
    expect(client.getQueryData<Post>(postKeys.detail('2'))?.likeCount).toBe(2);
    const feed = client.getQueryData<InfiniteData<Page<Post>>>(feedKey);
    expect(feed?.pages.flatMap((p) => p.items.map((i) => i.likeCount))).toEqual([0, 2, 0]);
    expect(client.getQueryData<InfiniteData<Page<Post>>>(postKeys.mine('likes'))?.pages[0]?.items[0]?.likeCount).toBe(2);
  });
});

describe('updateComment', () => {
  it('reaches a comment, a reply previewed under its comment, and the comment atop its replies page', () => {
    const client = testQueryClient();
    const withReplies: Comment = { ...comment('10'), replyCount: 1, replies: [comment('11', '10')] };
    client.setQueryData(commentKeys.ofPost('1'), pages([withReplies, comment('12')]));
    client.setQueryData(commentKeys.replies('10'), { pages: [{ items: [comment('11', '10')], nextCursor: null, comment: comment('10') }], pageParams: [null] });
    const like = (c: CommentItem) => ({ ...c, liked: true, likeCount: c.likeCount + 1 });

    updateComment(client, '11', like);
    const ofPost = client.getQueryData<InfiniteData<Page<Comment>>>(commentKeys.ofPost('1'));
    expect(ofPost?.pages[0]?.items[0]?.replies?.[0]).toMatchObject({ liked: true, likeCount: 1 });
    expect(ofPost?.pages[0]?.items[0]?.liked).toBe(false);
    expect(client.getQueryData<InfiniteData<Page<CommentItem>>>(commentKeys.replies('10'))?.pages[0]?.items[0]?.liked).toBe(true);

    updateComment(client, '10', like);
    const replies = client.getQueryData<InfiniteData<Page<CommentItem> & { comment: CommentItem }>>(commentKeys.replies('10'));
    expect(replies?.pages[0]?.comment.liked).toBe(true);
    expect(client.getQueryData<InfiniteData<Page<Comment>>>(commentKeys.ofPost('1'))?.pages[0]?.items.map((c) => c.liked)).toEqual([true, false]);
  });
});

describe('removePost', () => {
  it('takes a deleted post out of every list and forgets its detail, keeping the pages loaded', () => {
    const client = testQueryClient();
    client.setQueryData(postKeys.detail('2'), post('2'));
    client.setQueryData(feedKey, pages([post('1'), post('2')], [post('3')]));
    client.setQueryData(postKeys.mine('posts'), pages([post('2')]));
    removePost(client, '2');
    expect(ids(client.getQueryData(feedKey))).toEqual([['1'], ['3']]);
    expect(ids(client.getQueryData(postKeys.mine('posts')))).toEqual([[]]);
    expect(client.getQueryState(postKeys.detail('2'))).toBeUndefined();
  });
});

describe('snapshot and restore', () => {
  it('put back every cached list as it was before an optimistic change', () => {
    const client = testQueryClient();
    client.setQueryData(postKeys.detail('1'), post('1', 5));
    client.setQueryData(feedKey, pages([post('1', 5)]));
    const saved = snapshot(client, postKeys.all);
    updatePost(client, '1', (p) => ({ ...p, liked: true, likeCount: 6 }));
    restore(client, saved);
    expect(client.getQueryData<Post>(postKeys.detail('1'))).toMatchObject({ liked: false, likeCount: 5 });
    expect(client.getQueryData<InfiniteData<Page<Post>>>(feedKey)?.pages[0]?.items[0]).toMatchObject({ liked: false, likeCount: 5 });
  });
});
