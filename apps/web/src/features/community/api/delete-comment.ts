import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/platform/api/client.ts';
import { updatePost } from '@/entities/post/api/cache.ts';

export function useDeleteComment(postId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (commentId: string) => api.delete<unknown>(`/comments/${commentId}`),
    onSuccess: async () => {
      updatePost(client, postId, (post) => ({ ...post, commentCount: Math.max(0, post.commentCount - 1) }));
      await client.invalidateQueries({ queryKey: ['comments'] });
      await client.invalidateQueries({ queryKey: ['posts', 'detail', postId] });
    },
  });
}
