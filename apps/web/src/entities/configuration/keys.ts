import type { ConfigKind, SharedConfigSort } from '@padhub/contracts';

/** What the hub lists: the filters and the order, as its address carries them. */
export interface HubFilter {
  sort: SharedConfigSort;
  model?: string;
  game?: string;
  kind?: ConfigKind;
  q?: string;
}

/** Every cache key of configurations, from one place; `all` is the prefix of them all. */
export const configKeys = {
  all: ['configs'] as const,
  detail: (id: string) => [...configKeys.all, 'detail', id] as const,
  mine: () => [...configKeys.all, 'mine'] as const,
  ofPosts: () => [...configKeys.all, 'of-post'] as const,
  ofPost: (postId: string) => [...configKeys.ofPosts(), postId] as const,
  /** The posts that carry one configuration. */
  posts: (id: string) => [...configKeys.all, 'posts', id] as const,
  /** The hub: the organisation's shared configurations. */
  sharedAll: () => [...configKeys.all, 'shared'] as const,
  shared: (filter: HubFilter) => [...configKeys.sharedAll(), filter] as const,
  /** The copies people saved of one configuration. */
  copies: (id: string) => [...configKeys.all, 'copies', id] as const,
  /** The organisation's games found by `q` (folded as the server folds it). */
  games: (q: string) => [...configKeys.all, 'games', q] as const,
  /** Mutations' keys: a like, an apply being counted (they may wait for the network). */
  like: () => [...configKeys.all, 'like'] as const,
  apply: () => [...configKeys.all, 'apply'] as const,
};
