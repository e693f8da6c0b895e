import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Comment, CreateCommentInput } from '@padhub/contracts';
import { api } from '@/platform/api/client.ts';
import { useSendKey } from '@/platform/api/send-key.ts';
import { waitForNetwork } from '@/platform/api/wait-for-network.ts';
import { writeCommentDraft } from '@/platform/comment-drafts.ts';
import { i18next } from '@/platform/i18n.ts';
import { toast } from '@/ui/antd.tsx';
import { reportFailure } from '@/entities/session/report-failure.ts';
import { updatePost } from '@/entities/post/api/cache.ts';
import { commentKeys } from '@/entities/comment/keys.ts';

/**
 * Comment on a post, or reply (replyTo) to a comment or reply of it; a retry of an unanswered send
 * makes no second one. Offline, it waits for the network (the box shows it waiting). The outcome
 * is said here, not by the box: the person may have left the post before it was sent. Sent, the
 * post's draft is gone; failed, it stays (platform/comment-drafts.ts) for the box to show again.
 */
export function useCreateComment(postId: string) {
  const client = useQueryClient();
  const key = useSendKey();
  return useMutation({
    ...waitForNetwork,
    mutationKey: commentKeys.send(postId),
    mutationFn: (input: CreateCommentInput) => api.post<Comment>(`/posts/${postId}/comments`, input, { headers: key.headersFor([postId, input]) }),
    onSuccess: async () => {
      key.settle();
      writeCommentDraft('', postId, '');
      void toast(i18next.t('common.sentSuccessfully'));
      updatePost(client, postId, (post) => ({ ...post, commentCount: post.commentCount + 1 }));
      await client.invalidateQueries({ queryKey: commentKeys.all });
    },
    onError: reportFailure,
  });
}
