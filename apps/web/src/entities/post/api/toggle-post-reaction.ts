import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FavouriteState, LikeState, Post } from '@padhub/contracts';
import { api } from '@/platform/api/client.ts';
import { waitForNetwork } from '@/platform/api/wait-for-network.ts';
import { useRequireLogin } from '@/platform/hooks.ts';
import { restore, snapshot, updatePost } from './cache.ts';
import { reportFailure } from '@/entities/session/report-failure.ts';
import { postKeys } from '@/entities/post/keys.ts';

type Reaction = 'like' | 'favourite';

const apply = (reaction: Reaction, on: boolean) => (post: Post): Post =>
  reaction === 'like'
    ? { ...post, liked: on, likeCount: Math.max(0, post.likeCount + (on === post.liked ? 0 : on ? 1 : -1)) }
    : { ...post, favourited: on, favouriteCount: Math.max(0, post.favouriteCount + (on === post.favourited ? 0 : on ? 1 : -1)) };

/**
 * Like or favourite: the change shows at once everywhere the post is listed, and is put back with
 * a message if the server refuses. Toggles of one post run one after another (scope), so a quick
 * double tap cannot leave the server and the screen disagreeing. Offline, it waits for the network.
 */
export function usePostReaction(post: Post, reaction: Reaction) {
  const client = useQueryClient();
  const requireLogin = useRequireLogin();
  const mutation = useMutation({
    ...waitForNetwork,
    scope: { id: `post-${reaction}-${post.id}` },
    mutationFn: (on: boolean) =>
      on ? api.put<LikeState | FavouriteState>(`/posts/${post.id}/${reaction}`) : api.delete<LikeState | FavouriteState>(`/posts/${post.id}/${reaction}`),
    onMutate: async (on) => {
      await client.cancelQueries({ queryKey: postKeys.all });
      const saved = snapshot(client, postKeys.all);
      updatePost(client, post.id, apply(reaction, on));
      return { saved };
    },
    onError: (error, _on, context) => {
      if (context) restore(client, context.saved);
      reportFailure(error);
    },
    onSuccess: (state) => updatePost(client, post.id, (p) => ({ ...p, ...state })),
  });
  const active = reaction === 'like' ? post.liked : post.favourited;
  return {
    active,
    toggle: () => void requireLogin(() => mutation.mutate(!active)),
  };
}
