import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApplyState, Config } from '@padhub/contracts';
import { api } from '@/platform/api/client.ts';
import { configQuery } from '@/entities/configuration/api/get-config.ts';
import { configKeys } from '@/entities/configuration/keys.ts';

/** Tells the server the person applied the configuration (counted once per person), and shows the new count. */
export function useRecordApply(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<ApplyState>(`/configs/${encodeURIComponent(id)}/applies`),
    onSuccess: (state) => {
      client.setQueryData<Config>(configQuery(id).queryKey, (config) => config && { ...config, ...state });
      void client.invalidateQueries({ queryKey: configKeys.ofPosts() });
    },
  });
}
