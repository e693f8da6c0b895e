import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { Config } from '@padhub/contracts';
import { useLiveEvent, useLiveTopic } from '@/platform/live.ts';
import { configQuery } from '@/entities/configuration/api/get-config.ts';

/**
 * The open configuration, live: how many applied and liked it change as others do (docs/live.md).
 * The stream sends them only while a read would show this reader the configuration.
 */
export function useConfigLive(id: string) {
  const client = useQueryClient();
  useLiveTopic(id ? { config: id } : {});
  useLiveEvent(
    'configs',
    useCallback(
      (data) => {
        if (data.id !== id) return;
        client.setQueryData<Config>(configQuery(id).queryKey, (config) => config && { ...config, applyCount: data.appliedCount, likeCount: data.likeCount });
      },
      [client, id],
    ),
  );
}
