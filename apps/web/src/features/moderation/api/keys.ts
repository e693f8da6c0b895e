import { auditKeys } from '@/entities/audit/keys.ts';

/** The moderation console's cache keys; `all` is their common prefix (the audit log's too). */
export const moderationKeys = {
  all: ['moderation'] as const,
  people: (q: string) => [...moderationKeys.all, 'people', q] as const,
  cases: () => [...moderationKeys.all, 'cases'] as const,
  pending: () => [...moderationKeys.all, 'pending'] as const,
  revisions: (type: 'post' | 'comment', id: string) => [...moderationKeys.all, 'revisions', type, id] as const,
  watchedWords: () => [...moderationKeys.all, 'watched-words'] as const,
  removedPictures: () => [...moderationKeys.all, 'removed-pictures'] as const,
  newAccounts: () => [...moderationKeys.all, 'new-accounts'] as const,
  audit: auditKeys.list,
  insights: (group: string, range: number) => [...moderationKeys.all, 'insights', group, range] as const,
};
