import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CommentItem, LikeState } from '@padhub/contracts';
import { api } from '@/platform/api/client.ts';
import { waitForNetwork } from '@/platform/api/wait-for-network.ts';
import { useRequireLogin } from '@/platform/hooks.ts';
import { reportFailure } from '@/entities/session/report-failure.ts';
import { restore, snapshot, updateComment } from '@/entities/post/api/cache.ts';
import { commentKeys } from '@/entities/comment/keys.ts';

/** Like a comment or reply: instant, put back with a message when refused, one toggle at a time; offline, it waits. */
export function useCommentLike(comment: CommentItem) {
  const client = useQueryClient();
  const requireLogin = useRequireLogin();
  const mutation = useMutation({
    ...waitForNetwork,
    scope: { id: `comment-like-${comment.id}` },
    mutationFn: (on: boolean) => (on ? api.put<LikeState>(`/comments/${comment.id}/like`) : api.delete<LikeState>(`/comments/${comment.id}/like`)),
    onMutate: async (on) => {
      await client.cancelQueries({ queryKey: commentKeys.all });
      const saved = snapshot(client, commentKeys.all);
      updateComment(client, comment.id, (c) => ({ ...c, liked: on, likeCount: Math.max(0, c.likeCount + (on === c.liked ? 0 : on ? 1 : -1)) }));
      return { saved };
    },
    onError: (error, _on, context) => {
      if (context) restore(client, context.saved);
      reportFailure(error);
    },
    onSuccess: (state) => updateComment(client, comment.id, (c) => ({ ...c, ...state })),
  });
  return { toggle: () => void requireLogin(() => mutation.mutate(!comment.liked)) };
}
