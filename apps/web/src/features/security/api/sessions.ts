import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SessionInfo, SessionList } from '@padhub/contracts';
import { api } from '@/platform/api/client.ts';
import { i18next } from '@/platform/i18n.ts';
import { toast } from '@/ui/antd.tsx';
import { reportFailure } from '@/entities/session/report-failure.ts';
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
      void toast(i18next.t('security.sessions.ended'));
      client.setQueryData<SessionList>(sessionKeys.list(), (list) => list && { items: list.items.filter((s) => s.id !== session.id) });
    },
    onError: reportFailure,
  });
}

/** Ends every session but this one; answers how many ended. */
export function useEndOtherSessions() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete<{ revoked: number }>('/me/sessions'),
    onSuccess: ({ revoked }) => {
      void toast(i18next.t('security.sessions.endedOthers', { count: revoked }));
      void client.invalidateQueries({ queryKey: sessionKeys.all });
    },
    onError: reportFailure,
  });
}
