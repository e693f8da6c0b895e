import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { FeedPage } from '@padhub/contracts';
import { api } from '@/platform/api/client.ts';
import { useContentLanguage } from '@/platform/hooks.ts';
import { type FeedFilter, postKeys } from '@/entities/post/keys.ts';

export type { FeedFilter };

const getFeed = (filter: FeedFilter, cursor: string | null) =>
  api.get<FeedPage>('/posts', { query: { ...filter, hasConfigs: filter.hasConfigs || undefined, cursor } });

/** The feed is per content language: switching it asks again instead of showing the other language's posts. */
export const feedQuery = (filter: FeedFilter, lang: string) =>
  infiniteQueryOptions({
    queryKey: postKeys.feed(lang, filter),
    queryFn: ({ pageParam }) => getFeed(filter, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

/** Another filter (a tab, a model, every language) keeps the last posts on screen, dimmed, until its own arrive. */
export function useFeed(filter: FeedFilter, enabled = true) {
  const lang = useContentLanguage();
  return useInfiniteQuery({ ...feedQuery(filter, lang), enabled, placeholderData: keepPreviousData });
}
