/** The audit log's cache keys: the moderation console reads them, every console change invalidates them. */
export const auditKeys = {
  all: ['moderation', 'audit'] as const,
  list: (filters: object) => [...auditKeys.all, filters] as const,
};
