import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/platform/api/client.ts';
import { removePost } from '@/entities/post/api/cache.ts';

export function useDeletePost() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (postId: string) => api.delete<unknown>(`/posts/${postId}`),
    onSuccess: (_answer, postId) => removePost(client, postId),
  });
}
