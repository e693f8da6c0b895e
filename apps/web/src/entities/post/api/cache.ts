import type { InfiniteData, QueryClient, QueryKey } from '@tanstack/react-query';
import type { CommentItem, Page, Post } from '@padhub/contracts';
import { postKeys } from '@/entities/post/keys.ts';
import { commentKeys } from '@/entities/comment/keys.ts';

type Cached<T> = T | InfiniteData<Page<T>> | undefined;

function isInfinite<T>(data: Cached<T>): data is InfiniteData<Page<T>> {
  return typeof data === 'object' && data !== null && 'pages' in data;
}

function mapCached<T extends { id: string }>(data: Cached<T>, id: string, update: (item: T) => T): Cached<T> {
  if (!data) return data;
  if (isInfinite(data)) {
    return { ...data, pages: data.pages.map((page) => ({ ...page, items: page.items.map((item) => (item.id === id ? update(item) : item)) })) };
  }
  return data.id === id ? update(data) : data;
}

/** A post appears in many lists at once (feed, search, detail, my pages): change it in all of them. */
export function updatePost(client: QueryClient, id: string, update: (post: Post) => Post) {
  client.setQueriesData<Cached<Post>>({ queryKey: postKeys.all }, (data) => mapCached(data, id, update));
}

type CommentWithReplies = CommentItem & { replies?: CommentItem[] };
type CommentPage = Page<CommentWithReplies> & { comment?: CommentItem };

/** Same for a comment or reply, including the replies previewed under top-level comments. */
export function updateComment(client: QueryClient, id: string, update: (comment: CommentItem) => CommentItem) {
  const deep = (comment: CommentWithReplies): CommentWithReplies => {
    const self = comment.id === id ? { ...comment, ...update(comment) } : comment;
    return self.replies ? { ...self, replies: self.replies.map((r) => (r.id === id ? update(r) : r)) } : self;
  };
  client.setQueriesData<InfiniteData<CommentPage>>({ queryKey: commentKeys.all }, (data) =>
    data && {
      ...data,
      pages: data.pages.map((page) => ({ ...page, ...(page.comment ? { comment: deep(page.comment) } : {}), items: page.items.map(deep) })),
    },
  );
}

/** A deleted post leaves every cached list at once, without asking the server for every page again. */
export function removePost(client: QueryClient, id: string) {
  client.setQueriesData<Cached<Post>>({ queryKey: postKeys.all }, (data) =>
    isInfinite(data) ? { ...data, pages: data.pages.map((page) => ({ ...page, items: page.items.filter((post) => post.id !== id) })) } : data,
  );
  client.removeQueries({ queryKey: postKeys.detail(id) });
}

/** Everything cached, for putting back when an optimistic change is refused. */
export function snapshot(client: QueryClient, queryKey: QueryKey) {
  return client.getQueriesData({ queryKey });
}

export function restore(client: QueryClient, saved: ReturnType<typeof snapshot>) {
  for (const [key, data] of saved) client.setQueryData(key, data);
}
