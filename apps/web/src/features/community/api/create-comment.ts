import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Comment, CreateCommentInput } from '@padhub/contracts';
import { api } from '@/platform/api/client.ts';
import { useSendKey } from '@/platform/api/send-key.ts';
import { updatePost } from '@/entities/post/api/cache.ts';
import { commentKeys } from '@/entities/comment/keys.ts';

/** Comment on a post, or reply (replyTo) to a comment or reply of it; a retry of an unanswered send makes no second one. */
export function useCreateComment(postId: string) {
  const client = useQueryClient();
  const key = useSendKey();
  return useMutation({
    mutationFn: (input: CreateCommentInput) => api.post<Comment>(`/posts/${postId}/comments`, input, { headers: key.headersFor([postId, input]) }),
    onSuccess: async () => {
      key.settle();
      updatePost(client, postId, (post) => ({ ...post, commentCount: post.commentCount + 1 }));
      await client.invalidateQueries({ queryKey: commentKeys.all });
    },
  });
}
