import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { Page, Post } from '@padhub/contracts';
import { api } from '@/platform/api/client.ts';
import { configKeys } from '@/entities/configuration/keys.ts';

/** Every post the person may see that carries the configuration, newest first, in any language. */
const configPostsQuery = (id: string) =>
  infiniteQueryOptions({
    queryKey: configKeys.posts(id),
    queryFn: ({ pageParam }) => api.get<Page<Post>>(`/configs/${encodeURIComponent(id)}/posts`, { query: { cursor: pageParam } }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

export function useConfigPosts(id: string) {
  return useInfiniteQuery(configPostsQuery(id));
}
