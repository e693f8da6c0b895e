import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificationSettings, NotificationSettingsInput } from '@padhub/contracts';
import { api } from '@/platform/api/client.ts';
import { waitingAction } from '@/platform/api/wait-for-network.ts';
import { reportFailure } from '@/entities/session/report-failure.ts';
import { notificationKeys } from '@/entities/notification/keys.ts';

const notificationSettingsQuery = () =>
  queryOptions({
    queryKey: notificationKeys.settings(),
    queryFn: () => api.get<NotificationSettings>('/me/notification-settings'),
  });

export function useNotificationSettings(enabled: boolean) {
  return useQuery({ ...notificationSettingsQuery(), enabled });
}

/** The send itself, and what its answer changes: also for one kept across a reload. */
export const saveNotificationSettings = waitingAction({
  mutationKey: notificationKeys.saveSettings(),
  mutationFn: (change: NotificationSettingsInput) => api.put<NotificationSettings>('/me/notification-settings', change),
  onSuccess: (saved, _change, _result, { client }) => client.setQueryData(notificationKeys.settings(), saved),
  onError: (error, _change, _result, { client }) => {
    void client.invalidateQueries({ queryKey: notificationKeys.settings() });
    reportFailure(error);
  },
});

/** Saves one switch at once, shown before the answer (offline, it waits for the network); a refusal puts it back and says why. */
export function useSaveNotificationSettings() {
  const client = useQueryClient();
  const key = notificationKeys.settings();
  return useMutation({
    ...saveNotificationSettings,
    onMutate: async (change: NotificationSettingsInput) => {
      await client.cancelQueries({ queryKey: key });
      const before = client.getQueryData<NotificationSettings>(key);
      if (before) client.setQueryData<NotificationSettings>(key, { ...before, ...change });
      return { before };
    },
    onError: (error, _change, context) => {
      if (context?.before) client.setQueryData(key, context.before);
      reportFailure(error);
    },
  });
}
