import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Post } from '@padhub/contracts';
import { api } from '@/platform/api/client.ts';
import { postKeys } from '@/entities/post/keys.ts';

/** While its video is being processed the author's post is asked for again, so progress and the outcome show (docs/video.md). */
const PROCESSING_POLL_MS = 3000;

const postQuery = (id: string) =>
  queryOptions({
    queryKey: postKeys.detail(id),
    queryFn: () => api.get<Post>(`/posts/${encodeURIComponent(id)}`),
    refetchInterval: (query) => (query.state.data?.media.some((m) => m.status === 'processing') ? PROCESSING_POLL_MS : false),
  });

export function usePost(id: string) {
  return useQuery(postQuery(id));
}
