import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/platform/api/client.ts';
import { i18next } from '@/platform/i18n.ts';
import { toast } from '@/ui/antd.tsx';
import { reportFailure } from '@/entities/session/report-failure.ts';
import { postKeys } from '@/entities/post/keys.ts';
import { configKeys } from '@/entities/configuration/keys.ts';

/** Deletes one of my configurations; the server takes it off the posts that carried it. */
export function useDeleteConfig(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete<null>(`/configs/${encodeURIComponent(id)}`),
    // My library, the posts' cards and the feed's model filter all change.
    onSuccess: async () => {
      void toast(i18next.t('configs.delete.done'));
      client.removeQueries({ queryKey: configKeys.detail(id) });
      await Promise.all([client.invalidateQueries({ queryKey: configKeys.all }), client.invalidateQueries({ queryKey: postKeys.all })]);
    },
    onError: reportFailure,
  });
}
