import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SessionInfo, SessionList } from '@padhub/contracts';
import { api } from '@/platform/api/client.ts';
import { sessionKeys } from '@/entities/session/keys.ts';

export function useSessions(enabled: boolean) {
  return useQuery({ queryKey: sessionKeys.list(), queryFn: () => api.get<SessionList>('/me/sessions'), enabled });
}

/** Ends one session; it leaves the list at once. */
export function useEndSession() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (session: SessionInfo) => api.delete(`/me/sessions/${session.id}`),
    onSuccess: (_answer, session) => {
      client.setQueryData<SessionList>(sessionKeys.list(), (list) => list && { items: list.items.filter((s) => s.id !== session.id) });
    },
  });
}

/** Ends every session but this one; answers how many ended. */
export function useEndOtherSessions() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete<{ revoked: number }>('/me/sessions'),
    onSuccess: () => void client.invalidateQueries({ queryKey: sessionKeys.all }),
  });
}
