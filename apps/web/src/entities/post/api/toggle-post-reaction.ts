import { useQueryClient } from '@tanstack/react-query';
import type { FavouriteState, LikeState, Post } from '@padhub/contracts';
import { api } from '@/platform/api/client.ts';
import { waitingAction } from '@/platform/api/wait-for-network.ts';
import { useRequireLogin } from '@/platform/hooks.ts';
import { restore, snapshot, updatePost } from './cache.ts';
import { reportFailure } from '@/entities/session/report-failure.ts';
import { postKeys } from '@/entities/post/keys.ts';

type Reaction = 'like' | 'favourite';
interface Toggle {
  id: string;
  reaction: Reaction;
  on: boolean;
}

const apply = (reaction: Reaction, on: boolean) => (post: Post): Post =>
  reaction === 'like'
    ? { ...post, liked: on, likeCount: Math.max(0, post.likeCount + (on === post.liked ? 0 : on ? 1 : -1)) }
    : { ...post, favourited: on, favouriteCount: Math.max(0, post.favouriteCount + (on === post.favourited ? 0 : on ? 1 : -1)) };

/** The send itself, and what its answer changes: also for one kept across a reload. */
export const postReaction = waitingAction({
  mutationKey: postKeys.react(),
  mutationFn: ({ id, reaction, on }: Toggle) =>
    on ? api.put<LikeState | FavouriteState>(`/posts/${id}/${reaction}`) : api.delete<LikeState | FavouriteState>(`/posts/${id}/${reaction}`),
  show: (client, { id, reaction, on }) => updatePost(client, id, apply(reaction, on)),
  onSuccess: (state, { id }, _result, { client }) => updatePost(client, id, (p) => ({ ...p, ...state })),
  onError: (error, _toggle, _result, { client }) => {
    void client.invalidateQueries({ queryKey: postKeys.all });
    reportFailure(error);
  },
});

/**
 * Like or favourite: the change shows at once everywhere the post is listed, and is put back with
 * a message if the server refuses. Toggles of one post run one after another (scope), so a quick
 * double tap cannot leave the server and the screen disagreeing. Offline, it waits for the network.
 */
export function usePostReaction(post: Post, reaction: Reaction) {
  const client = useQueryClient();
  const requireLogin = useRequireLogin();
  // Built when tapped, as useMutation's mutate builds it, but with no observer per card: a feed of
  // twenty cards renders (and takes the server's markup over) without forty of them.
  const send = (toggle: Toggle) => client.getMutationCache().build(client, {
    ...postReaction,
    scope: { id: `post-${reaction}-${post.id}` },
    onMutate: async ({ id, on }: Toggle) => {
      await client.cancelQueries({ queryKey: postKeys.all });
      const saved = snapshot(client, postKeys.all);
      updatePost(client, id, apply(reaction, on));
      return { saved };
    },
    onError: (error, _toggle, context) => {
      if (context) restore(client, context.saved);
      reportFailure(error);
    },
  }).execute(toggle).catch(() => undefined);
  const active = reaction === 'like' ? post.liked : post.favourited;
  return {
    active,
    toggle: () => void requireLogin(() => void send({ id: post.id, reaction, on: !active })),
  };
}
