import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { AuditEntry, Page } from '@padhub/contracts';
import { api } from '../../../platform/api/client.ts';

/** The audit log, newest first: read-only, like the log itself. */
export const auditQuery = () =>
  infiniteQueryOptions({
    queryKey: ['moderation', 'audit'],
    queryFn: ({ pageParam }) => api.get<Page<AuditEntry>>('/admin/audit', { query: { cursor: pageParam } }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

export function useAudit(enabled: boolean) {
  return useInfiniteQuery({ ...auditQuery(), enabled });
}
