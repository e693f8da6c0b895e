import type { SearchSort } from '@padhub/contracts';

/** What a feed shows: its order (a search's also `relevance`), and optionally one controller model, a search, only posts with configurations. */
export interface FeedFilter {
  sort: SearchSort;
  model?: string;
  q?: string;
  hasConfigs?: boolean;
  /** Only posts of people the viewer follows (the feed's Following tab). */
  feed?: 'following';
  /** Posts in every language rather than the interface's. */
  lang?: 'all';
}

/**
 * Every cache key of posts, from one place: a like, a delete or an edit invalidates by the same
 * keys the readers use. `all` covers every list and detail, as a prefix.
 */
export const postKeys = {
  all: ['posts'] as const,
  feeds: () => [...postKeys.all, 'feed'] as const,
  feed: (lang: string, filter: FeedFilter) => [...postKeys.feeds(), lang, filter] as const,
  mine: (list: string) => [...postKeys.all, 'mine', list] as const,
  /** A person's posts, as their profile lists them. */
  ofUser: (id: string) => [...postKeys.all, 'user', id] as const,
  detail: (id: string) => [...postKeys.all, 'detail', id] as const,
  /** A like or favourite being sent (a mutation's key): one may wait for the network, also across a reload. */
  react: () => [...postKeys.all, 'react'] as const,
};
