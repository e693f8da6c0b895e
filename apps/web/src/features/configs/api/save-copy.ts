import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Config } from '@padhub/contracts';
import { api } from '@/platform/api/client.ts';
import { useSendKey } from '@/platform/api/send-key.ts';
import { reportFailure } from '@/entities/session/report-failure.ts';
import { configKeys } from '@/entities/configuration/keys.ts';

/** Saves a copy of someone's configuration to my library; the same copy when saved again. */
export function useSaveCopy(id: string) {
  const client = useQueryClient();
  // A retry of an unanswered save answers the first copy (its Idempotency-Key).
  const key = useSendKey();
  return useMutation({
    mutationFn: () => api.post<Config>(`/configs/${encodeURIComponent(id)}/copies`, undefined, { headers: key.headersFor(id) }),
    // My library, the original's save count and the cards on posts all change.
    onSuccess: () => {
      key.settle();
      return client.invalidateQueries({ queryKey: configKeys.all });
    },
    onError: reportFailure,
  });
}
