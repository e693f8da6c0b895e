import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Profile } from '@padhub/contracts';
import { api } from '@/platform/api/client.ts';
import { i18next } from '@/platform/i18n.ts';
import { toast } from '@/ui/antd.tsx';
import { reportFailure } from '@/entities/session/report-failure.ts';
import { userKeys } from '@/entities/user/keys.ts';

/** The person's own bio; the answer is their profile as others now see it. */
export function useSaveBio() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (bio: string) => api.patch<Profile>('/me', { bio }),
    onSuccess: (profile) => {
      void toast(i18next.t('people.bio.saved'));
      client.setQueryData(userKeys.profile(profile.user.id), profile);
      void client.invalidateQueries({ queryKey: userKeys.profiles() });
    },
    onError: reportFailure,
  });
}
