import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NewAccountRules } from '@padhub/contracts';
import { api } from '@/platform/api/client.ts';
import { reportFailure } from '@/entities/session/report-failure.ts';
import { moderationKeys } from '@/features/moderation/api/keys.ts';

/** The organisation's limits for new accounts (admins only). */
export function useNewAccountRules(enabled: boolean) {
  return useQuery({ queryKey: moderationKeys.newAccounts(), queryFn: () => api.get<NewAccountRules>('/admin/new-accounts'), enabled });
}

/** An admin saves the limits; the audit log says so, and people's trust is read again. */
export function useSaveNewAccountRules() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (rules: NewAccountRules) => api.put<NewAccountRules>('/admin/new-accounts', rules),
    onSuccess: () => void client.invalidateQueries({ queryKey: moderationKeys.all }),
    onError: reportFailure,
  });
}
