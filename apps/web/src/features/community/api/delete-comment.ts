import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/platform/api/client.ts';
import { reportFailure } from '@/entities/session/report-failure.ts';
import { updatePost } from '@/entities/post/api/cache.ts';
import { postKeys } from '@/entities/post/keys.ts';
import { commentKeys } from '@/entities/comment/keys.ts';

/** Deletes a comment; a refusal is said here, where it is heard even if the list that offered it is gone. */
export function useDeleteComment(postId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (commentId: string) => api.delete<unknown>(`/comments/${commentId}`),
    onSuccess: async () => {
      updatePost(client, postId, (post) => ({ ...post, commentCount: Math.max(0, post.commentCount - 1) }));
      await client.invalidateQueries({ queryKey: commentKeys.all });
      await client.invalidateQueries({ queryKey: postKeys.detail(postId) });
    },
    onError: reportFailure,
  });
}
