import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CommentItem, LikeState } from '@padhub/contracts';
import { api } from '@/platform/api/client.ts';
import { waitingAction } from '@/platform/api/wait-for-network.ts';
import { useRequireLogin } from '@/platform/hooks.ts';
import { reportFailure } from '@/entities/session/report-failure.ts';
import { restore, snapshot, updateComment } from '@/entities/post/api/cache.ts';
import { commentKeys } from '@/entities/comment/keys.ts';

interface Toggle {
  id: string;
  on: boolean;
}

/** The send itself, and what its answer changes: also for one kept across a reload. */
export const commentLike = waitingAction({
  mutationKey: commentKeys.like(),
  mutationFn: ({ id, on }: Toggle) => (on ? api.put<LikeState>(`/comments/${id}/like`) : api.delete<LikeState>(`/comments/${id}/like`)),
  onSuccess: (state, { id }, _result, { client }) => updateComment(client, id, (c) => ({ ...c, ...state })),
  onError: (error, _toggle, _result, { client }) => {
    void client.invalidateQueries({ queryKey: commentKeys.all });
    reportFailure(error);
  },
});

/** Like a comment or reply: instant, put back with a message when refused, one toggle at a time; offline, it waits. */
export function useCommentLike(comment: CommentItem) {
  const client = useQueryClient();
  const requireLogin = useRequireLogin();
  const mutation = useMutation({
    ...commentLike,
    scope: { id: `comment-like-${comment.id}` },
    onMutate: async ({ id, on }: Toggle) => {
      await client.cancelQueries({ queryKey: commentKeys.all });
      const saved = snapshot(client, commentKeys.all);
      updateComment(client, id, (c) => ({ ...c, liked: on, likeCount: Math.max(0, c.likeCount + (on === c.liked ? 0 : on ? 1 : -1)) }));
      return { saved };
    },
    onError: (error, _toggle, context) => {
      if (context) restore(client, context.saved);
      reportFailure(error);
    },
  });
  return { toggle: () => void requireLogin(() => mutation.mutate({ id: comment.id, on: !comment.liked })) };
}
