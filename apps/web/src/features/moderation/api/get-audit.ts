import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { AuditEntry, Page } from '@padhub/contracts';
import { api } from '@/platform/api/client.ts';
import type { AuditFilters } from '@/features/moderation/lib/audit-filters.ts';
import { moderationKeys } from '@/features/moderation/api/keys.ts';

/** The audit log, newest first, narrowed by the filters: read-only, like the log itself. */
const auditQuery = (filters: AuditFilters) =>
  infiniteQueryOptions({
    queryKey: moderationKeys.audit(filters),
    queryFn: ({ pageParam }) => api.get<Page<AuditEntry>>('/admin/audit', { query: { ...filters, cursor: pageParam } }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

export function useAudit(filters: AuditFilters, enabled: boolean) {
  return useInfiniteQuery({ ...auditQuery(filters), enabled });
}
