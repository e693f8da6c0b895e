import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import type { LiveEventData } from '@padhub/contracts';
import { useLiveEvent, useLiveTopic } from '@/platform/live.ts';
import { moderationKeys } from '@/features/moderation/api/keys.ts';

/**
 * The console, live for staff: what waits in the review queue and the open reports, as the stream
 * tells it after each report and decision (docs/live.md); the lists on screen are asked again.
 * Undefined until the first such event.
 */
export function useQueueLive(staff: boolean): LiveEventData['queue'] | undefined {
  const client = useQueryClient();
  const [counts, setCounts] = useState<LiveEventData['queue']>();
  useLiveTopic(staff ? { queue: '1' } : {});
  useLiveEvent(
    'queue',
    useCallback(
      (data) => {
        setCounts(data);
        void client.invalidateQueries({ queryKey: moderationKeys.cases() });
        void client.invalidateQueries({ queryKey: moderationKeys.pending() });
      },
      [client],
    ),
  );
  return counts;
}
