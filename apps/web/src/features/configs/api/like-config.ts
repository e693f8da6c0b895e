import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Config, ConfigLikeState } from '@padhub/contracts';
import { api } from '@/platform/api/client.ts';
import { waitingAction } from '@/platform/api/wait-for-network.ts';
import { reportFailure } from '@/entities/session/report-failure.ts';
import { configQuery } from '@/entities/configuration/api/get-config.ts';
import { configKeys } from '@/entities/configuration/keys.ts';

interface Toggle {
  id: string;
  on: boolean;
}

/** The send itself, and what its answer changes: also for one kept across a reload. */
export const likeConfig = waitingAction({
  mutationKey: configKeys.like(),
  mutationFn: ({ id, on }: Toggle) =>
    on ? api.put<ConfigLikeState>(`/configs/${encodeURIComponent(id)}/like`) : api.delete<ConfigLikeState>(`/configs/${encodeURIComponent(id)}/like`),
  onSuccess: (state, { id }, _result, { client }) => {
    client.setQueryData<Config>(configQuery(id).queryKey, (config) => config && { ...config, ...state });
    // The hub's counts and its "most liked" order.
    void client.invalidateQueries({ queryKey: configKeys.sharedAll() });
  },
  onError: (error, { id }, _result, { client }) => {
    void client.invalidateQueries({ queryKey: configQuery(id).queryKey });
    reportFailure(error);
  },
});

/**
 * "This works for me": shown at once, put right by the server's count, and taken back if the
 * server refuses, with the reason. Offline, it waits for the network.
 */
export function useLikeConfig() {
  const client = useQueryClient();
  return useMutation({
    ...likeConfig,
    onMutate: async ({ id, on }: Toggle) => {
      const key = configQuery(id).queryKey;
      await client.cancelQueries({ queryKey: key });
      const before = client.getQueryData<Config>(key);
      client.setQueryData<Config>(key, (config) => config && { ...config, liked: on, likeCount: Math.max(0, config.likeCount + (on ? 1 : -1)) });
      return { before };
    },
    onError: (error, { id }, context) => {
      client.setQueryData(configQuery(id).queryKey, context?.before);
      reportFailure(error);
    },
  });
}
