import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { Page, Post } from '@padhub/contracts';
import { api } from '@/platform/api/client.ts';
import { useIsLoggedIn } from '@/platform/hooks.ts';
import { postKeys } from '@/entities/post/keys.ts';

/** The person's own lists of posts: what they wrote, liked and favourited. */
export type MyPostList = 'posts' | 'likes' | 'favourites';

export const myPostsQuery = (list: MyPostList) =>
  infiniteQueryOptions({
    queryKey: postKeys.mine(list),
    queryFn: ({ pageParam }) => api.get<Page<Post>>(`/me/${list}`, { query: { cursor: pageParam } }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

export function useMyPosts(list: MyPostList) {
  return useInfiniteQuery({ ...myPostsQuery(list), enabled: useIsLoggedIn() });
}
