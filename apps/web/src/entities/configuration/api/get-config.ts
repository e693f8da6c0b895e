import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Config } from '@padhub/contracts';
import { api } from '@/platform/api/client.ts';
import { configKeys } from '@/entities/configuration/keys.ts';

export const configQuery = (id: string) =>
  queryOptions({ queryKey: configKeys.detail(id), queryFn: () => api.get<Config>(`/configs/${encodeURIComponent(id)}`) });

export function useConfig(id: string) {
  return useQuery(configQuery(id));
}
