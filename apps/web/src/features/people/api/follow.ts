import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FollowState, Profile } from '@padhub/contracts';
import { api } from '@/platform/api/client.ts';
import { waitingAction } from '@/platform/api/wait-for-network.ts';
import { reportFailure } from '@/entities/session/report-failure.ts';
import { postKeys } from '@/entities/post/keys.ts';
import { userKeys } from '@/entities/user/keys.ts';

interface Toggle {
  id: string;
  on: boolean;
}

/**
 * The send itself, and what its answer changes (the person's profile, by id or by name, the
 * following feed and the follow lists): also for one kept across a reload.
 */
export const follow = waitingAction({
  mutationKey: userKeys.follow(),
  mutationFn: ({ id, on }: Toggle) => (on ? api.put<FollowState>(`/users/${id}/follow`) : api.delete<FollowState>(`/users/${id}/follow`)),
  onSuccess: (state, { id }, _result, { client }) => {
    client.setQueriesData<Profile>({ queryKey: userKeys.profiles() }, (now) =>
      now?.user.id === id ? { ...now, following: state.following, followerCount: state.followerCount } : now,
    );
    // The following feed changes; the others do not.
    void client.invalidateQueries({ queryKey: postKeys.feeds(), predicate: (query) => (query.queryKey[3] as { feed?: string } | undefined)?.feed === 'following' });
    void client.invalidateQueries({ queryKey: [...userKeys.all, 'followers'] });
    void client.invalidateQueries({ queryKey: [...userKeys.all, 'following'] });
  },
  onError: (error, _toggle, _result, { client }) => {
    void client.invalidateQueries({ queryKey: userKeys.profiles() });
    reportFailure(error);
  },
});

/**
 * Follow or stop following, shown at once: the profile's button and count change before the server
 * answers and go back, with the reason, if it refuses. Offline, it waits for the network.
 */
export function useFollow(profileKey: readonly unknown[]) {
  const client = useQueryClient();
  return useMutation({
    ...follow,
    onMutate: async ({ on }: Toggle) => {
      await client.cancelQueries({ queryKey: profileKey });
      const before = client.getQueryData<Profile>(profileKey);
      if (before && before.following !== on) {
        client.setQueryData<Profile>(profileKey, { ...before, following: on, followerCount: Math.max(0, before.followerCount + (on ? 1 : -1)) });
      }
      return { before };
    },
    onError: (error, _vars, context) => {
      if (context?.before) client.setQueryData(profileKey, context.before);
      reportFailure(error);
    },
  });
}
