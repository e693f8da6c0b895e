import { useQuery } from '@tanstack/react-query';
import type { Revisions } from '@padhub/contracts';
import { api } from '@/platform/api/client.ts';
import { moderationKeys } from '@/features/moderation/api/keys.ts';

/** Earlier versions of an edited post or comment, the most recently replaced first; asked for when shown. */
export function useRevisions(type: 'post' | 'comment', id: string, enabled: boolean) {
  return useQuery({
    queryKey: moderationKeys.revisions(type, id),
    queryFn: () => api.get<Revisions>(`/admin/${type === 'post' ? 'posts' : 'comments'}/${id}/revisions`),
    enabled,
  });
}
