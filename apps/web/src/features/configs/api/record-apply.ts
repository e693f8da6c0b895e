import { useMutation } from '@tanstack/react-query';
import type { ApplyState, Config } from '@padhub/contracts';
import { api } from '@/platform/api/client.ts';
import { waitingAction } from '@/platform/api/wait-for-network.ts';
import { configQuery } from '@/entities/configuration/api/get-config.ts';
import { configKeys } from '@/entities/configuration/keys.ts';

/** The count, sent, and the new count shown: also for one kept across a reload. Refused, it says nothing: the controller has it anyway. */
export const recordApply = waitingAction({
  mutationKey: configKeys.apply(),
  mutationFn: (id: string) => api.post<ApplyState>(`/configs/${encodeURIComponent(id)}/applies`),
  onSuccess: (state, id, _result, { client }) => {
    client.setQueryData<Config>(configQuery(id).queryKey, (config) => config && { ...config, ...state });
    void client.invalidateQueries({ queryKey: configKeys.ofPosts() });
  },
  onError: () => undefined,
});

/**
 * Tells the server the person applied the configuration (counted once per person), and shows the
 * new count. Applying needs only the controller: with no network, the count waits for it.
 */
export function useRecordApply() {
  return useMutation(recordApply);
}

/**
 * Tells the server the person undid their apply (the controller is back to what it had), for the
 * console's apply funnel. Nothing on screen depends on it, and a failure says nothing.
 */
export function useRecordUndo() {
  return useMutation({
    mutationFn: (id: string) => api.post<Record<string, never>>(`/configs/${encodeURIComponent(id)}/undo-apply`),
    onError: () => undefined,
  });
}
