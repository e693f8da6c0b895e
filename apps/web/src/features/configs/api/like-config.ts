import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Config, ConfigLikeState } from '@padhub/contracts';
import { api } from '@/platform/api/client.ts';
import { waitForNetwork } from '@/platform/api/wait-for-network.ts';
import { reportFailure } from '@/entities/session/report-failure.ts';
import { configQuery } from '@/entities/configuration/api/get-config.ts';
import { configKeys } from '@/entities/configuration/keys.ts';

/**
 * "This works for me": shown at once, put right by the server's count, and taken back if the
 * server refuses, with the reason. Offline, it waits for the network.
 */
export function useLikeConfig(id: string) {
  const client = useQueryClient();
  const key = configQuery(id).queryKey;
  return useMutation({
    ...waitForNetwork,
    mutationFn: (on: boolean) => (on ? api.put<ConfigLikeState>(`/configs/${encodeURIComponent(id)}/like`) : api.delete<ConfigLikeState>(`/configs/${encodeURIComponent(id)}/like`)),
    onMutate: async (on) => {
      await client.cancelQueries({ queryKey: key });
      const before = client.getQueryData<Config>(key);
      client.setQueryData<Config>(key, (config) => config && { ...config, liked: on, likeCount: Math.max(0, config.likeCount + (on ? 1 : -1)) });
      return { before };
    },
    onError: (error, _on, context) => {
      client.setQueryData(key, context?.before);
      reportFailure(error);
    },
    onSuccess: (state) => {
      client.setQueryData<Config>(key, (config) => config && { ...config, ...state });
      // The hub's counts and its "most liked" order.
      void client.invalidateQueries({ queryKey: configKeys.sharedAll() });
    },
  });
}
