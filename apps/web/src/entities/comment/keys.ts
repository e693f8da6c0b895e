/** Every cache key of comments and replies, from one place; `all` is the prefix of them all. */
export const commentKeys = {
  all: ['comments'] as const,
  ofPost: (postId: string) => [...commentKeys.all, 'post', postId] as const,
  one: (commentId: string) => [...commentKeys.all, 'one', commentId] as const,
  replies: (commentId: string) => [...commentKeys.all, 'replies', commentId] as const,
  mine: () => [...commentKeys.all, 'mine'] as const,
  /** The sends of comments and replies under a post (a mutation's key): one may wait for the network. */
  send: (postId: string) => [...commentKeys.all, 'send', postId] as const,
  /** The likes of comments being sent (a mutation's key). */
  like: () => [...commentKeys.all, 'like'] as const,
};
