import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Insights, InsightsGroup } from '@padhub/contracts';
import { api } from '@/platform/api/client.ts';
import { moderationKeys } from '@/features/moderation/api/keys.ts';

/** One group of the insights over the last `range` days (the server's daily rollup: docs/insights.md). */
export function useInsights(group: InsightsGroup, range: number) {
  return useQuery({
    queryKey: moderationKeys.insights(group, range),
    queryFn: () => api.get<Insights>(`/admin/insights/${group}`, { query: { range } }),
    // Another range keeps the charts (and any table opened) on screen until its figures arrive.
    placeholderData: keepPreviousData,
  });
}
