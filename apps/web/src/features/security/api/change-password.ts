import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PasswordChange } from '@padhub/contracts';
import { api } from '@/platform/api/client.ts';
import { i18next } from '@/platform/i18n.ts';
import { toast } from '@/ui/antd.tsx';
import { sessionKeys } from '@/entities/session/keys.ts';

/** A new password; every other session ends (answers how many). */
export function useChangePassword() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: PasswordChange) => api.post<{ revoked: number }>('/me/password', change),
    // Said here: the password changed even if the person has left the page by the answer.
    onSuccess: ({ revoked }) => {
      void toast(revoked > 0 ? i18next.t('security.password.changedEnded', { count: revoked }) : i18next.t('security.password.changed'));
      void client.invalidateQueries({ queryKey: sessionKeys.all });
    },
  });
}
