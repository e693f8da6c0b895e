import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Post } from '@padhub/contracts';
import { api } from '@/platform/api/client.ts';
import { postKeys } from '@/entities/post/keys.ts';

const postQuery = (id: string) =>
  queryOptions({ queryKey: postKeys.detail(id), queryFn: () => api.get<Post>(`/posts/${encodeURIComponent(id)}`) });

export function usePost(id: string) {
  return useQuery(postQuery(id));
}
