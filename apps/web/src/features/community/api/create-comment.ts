import { useMutation } from '@tanstack/react-query';
import { type Comment, type CreateCommentInput, headers } from '@padhub/contracts';
import { api } from '@/platform/api/client.ts';
import { useSendKey } from '@/platform/api/send-key.ts';
import { waitingAction } from '@/platform/api/wait-for-network.ts';
import { writeCommentDraft } from '@/platform/comment-drafts.ts';
import { i18next } from '@/platform/i18n.ts';
import { toast } from '@/ui/antd.tsx';
import { reportFailure } from '@/entities/session/report-failure.ts';
import { updatePost } from '@/entities/post/api/cache.ts';
import { commentKeys } from '@/entities/comment/keys.ts';

/** A comment on its way, with the Idempotency-Key it was given: kept with it, also across a reload. */
interface Send {
  postId: string;
  input: CreateCommentInput;
  key: string;
}

/**
 * The send and its outcome: sent, the post's draft is gone and the comment shows; failed, the
 * draft stays (platform/comment-drafts.ts) for the box to show again. Said here, not by the box:
 * the person may have left the post, or reloaded the page, before it was sent.
 */
export const createComment = waitingAction({
  // Each post's sends under their own key (the box shows its own waiting); the defaults of a restored one match its prefix.
  mutationKey: [...commentKeys.all, 'send'],
  mutationFn: ({ postId, input, key }: Send) => api.post<Comment>(`/posts/${postId}/comments`, input, { headers: { [headers.idempotencyKey]: key } }),
  onSuccess: async (_comment, { postId }, _result, { client }) => {
    writeCommentDraft('', postId, '');
    void toast(i18next.t('common.sentSuccessfully'));
    updatePost(client, postId, (post) => ({ ...post, commentCount: post.commentCount + 1 }));
    await client.invalidateQueries({ queryKey: commentKeys.all });
  },
  onError: reportFailure,
});

/**
 * Comment on a post, or reply (replyTo) to a comment or reply of it; a retry of an unanswered send
 * makes no second one. Offline, it waits for the network (the box shows it waiting).
 */
export function useCreateComment(postId: string) {
  const key = useSendKey();
  const mutation = useMutation({
    ...createComment,
    mutationKey: commentKeys.send(postId),
    onSuccess: async (...answer) => {
      key.settle();
      await createComment.onSuccess?.(...answer);
    },
  });
  return {
    mutate: (input: CreateCommentInput, options?: { onSuccess?: () => void }) =>
      mutation.mutate({ postId, input, key: key.keyFor([postId, input]) }, options),
  };
}
