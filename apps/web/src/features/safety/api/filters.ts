import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Filter, FilterBody, FilterList } from '@padhub/contracts';
import { api } from '@/platform/api/client.ts';
import { i18next } from '@/platform/i18n.ts';
import { toast } from '@/ui/antd.tsx';
import { reportFailure } from '@/entities/session/report-failure.ts';

const filterKeys = { all: ['my-filters'] as const };

export function useFilters(enabled: boolean) {
  return useQuery({ queryKey: filterKeys.all, queryFn: () => api.get<FilterList>('/me/filters'), enabled });
}

/**
 * Adds a filter (no id) or changes one. Every list the person reads goes stale with it: the feed,
 * comments and inbox come back filtered as they are now.
 */
export function useSaveFilter() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: FilterBody }) => (id ? api.put<Filter>(`/me/filters/${id}`, body) : api.post<Filter>('/me/filters', body)),
    onSuccess: () => {
      void toast(i18next.t('safety.filters.saved'));
      void client.invalidateQueries();
    },
    onError: reportFailure,
  });
}

export function useRemoveFilter() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete(`/me/filters/${id}`),
    onSuccess: () => {
      void toast(i18next.t('safety.filters.removed'));
      void client.invalidateQueries();
    },
    onError: reportFailure,
  });
}
