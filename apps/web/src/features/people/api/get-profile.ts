import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { Page, Post, Profile, SharedConfig, User } from '@padhub/contracts';
import { api } from '@/platform/api/client.ts';
import { postKeys } from '@/entities/post/keys.ts';
import { userKeys } from '@/entities/user/keys.ts';

/** A profile opened by id (an author's name, a list) or by username (an @mention). */
export type ProfileRef = { id: string } | { name: string };

export const profileKey = (ref: ProfileRef) => userKeys.profile('id' in ref ? ref.id : `@${ref.name.toLowerCase()}`);

const profileQuery = (ref: ProfileRef) =>
  queryOptions({
    queryKey: profileKey(ref),
    queryFn: () => api.get<Profile>('id' in ref ? `/users/${ref.id}` : `/users/named/${encodeURIComponent(ref.name)}`),
  });

export function useProfile(ref: ProfileRef | null) {
  return useQuery({ ...profileQuery(ref ?? { id: '' }), enabled: ref !== null });
}

const paged = <T,>(key: readonly unknown[], path: string) =>
  infiniteQueryOptions({
    queryKey: key,
    queryFn: ({ pageParam }) => api.get<Page<T>>(path, { query: { cursor: pageParam } }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

export const userPostsQuery = (id: string) => paged<Post>(postKeys.ofUser(id), `/users/${id}/posts`);
export const userConfigsQuery = (id: string) => paged<SharedConfig>(userKeys.configs(id), `/users/${id}/configs`);
export const followListQuery = (id: string, direction: 'followers' | 'following') =>
  paged<{ user: User; createdAt: string }>(userKeys.follows(id, direction), `/users/${id}/${direction}`);

export const useUserPosts = (id: string, enabled: boolean) => useInfiniteQuery({ ...userPostsQuery(id), enabled });
export const useUserConfigs = (id: string, enabled: boolean) => useInfiniteQuery({ ...userConfigsQuery(id), enabled });
export const useFollowList = (id: string, direction: 'followers' | 'following') => useInfiniteQuery({ ...followListQuery(id, direction), enabled: id !== '' });
