import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PasswordChange } from '@padhub/contracts';
import { api } from '@/platform/api/client.ts';
import { sessionKeys } from '@/entities/session/keys.ts';

/** A new password; every other session ends (answers how many). */
export function useChangePassword() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: PasswordChange) => api.post<{ revoked: number }>('/me/password', change),
    onSuccess: () => void client.invalidateQueries({ queryKey: sessionKeys.all }),
  });
}
