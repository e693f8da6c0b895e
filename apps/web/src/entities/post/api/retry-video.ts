import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Media } from '@padhub/contracts';
import { api } from '@/platform/api/client.ts';
import { reportFailure } from '@/entities/session/report-failure.ts';
import { updatePost } from '@/entities/post/api/cache.ts';

/** "Try again" on the author's failed video: it is processed again, and shows as processing at once. */
export function useRetryVideo(postId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<Media>(`/posts/${encodeURIComponent(postId)}/video/retry`),
    onSuccess: (video) => updatePost(client, postId, (post) => ({ ...post, media: post.media.map((m) => (m.path === video.path ? video : m)) })),
    onError: reportFailure,
  });
}
