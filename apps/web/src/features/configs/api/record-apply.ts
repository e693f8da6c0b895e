import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApplyState, Config } from '@padhub/contracts';
import { api } from '@/platform/api/client.ts';
import { waitForNetwork } from '@/platform/api/wait-for-network.ts';
import { configQuery } from '@/entities/configuration/api/get-config.ts';
import { configKeys } from '@/entities/configuration/keys.ts';

/**
 * Tells the server the person applied the configuration (counted once per person), and shows the
 * new count. Applying needs only the controller: with no network, the count waits for it.
 */
export function useRecordApply(id: string) {
  const client = useQueryClient();
  return useMutation({
    ...waitForNetwork,
    mutationFn: () => api.post<ApplyState>(`/configs/${encodeURIComponent(id)}/applies`),
    onSuccess: (state) => {
      client.setQueryData<Config>(configQuery(id).queryKey, (config) => config && { ...config, ...state });
      void client.invalidateQueries({ queryKey: configKeys.ofPosts() });
    },
  });
}
