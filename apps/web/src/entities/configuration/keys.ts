/** Every cache key of configurations, from one place; `all` is the prefix of them all. */
export const configKeys = {
  all: ['configs'] as const,
  detail: (id: string) => [...configKeys.all, 'detail', id] as const,
  mine: () => [...configKeys.all, 'mine'] as const,
  ofPosts: () => [...configKeys.all, 'of-post'] as const,
  ofPost: (postId: string) => [...configKeys.ofPosts(), postId] as const,
  /** The posts that carry one configuration. */
  posts: (id: string) => [...configKeys.all, 'posts', id] as const,
};
