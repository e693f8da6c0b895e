import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Profile, UpdateMeInput } from '@padhub/contracts';
import { api } from '@/platform/api/client.ts';
import { i18next } from '@/platform/i18n.ts';
import { useSession } from '@/platform/session.ts';
import { toast } from '@/ui/antd.tsx';
import { reportFailure } from '@/entities/session/report-failure.ts';
import { userKeys } from '@/entities/user/keys.ts';

/**
 * The person's own nickname or bio (PATCH /api/me); the answer is their profile as others now see
 * it. A new nickname is theirs at once everywhere the app names them (the account menu, their own
 * cards); lists already on screen show it when next asked.
 */
export function useUpdateMe() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateMeInput) => api.patch<Profile>('/me', input),
    onSuccess: (profile, input) => {
      void toast(i18next.t(input.nickname === undefined ? 'people.bio.saved' : 'people.nickname.saved'));
      client.setQueryData(userKeys.profile(profile.user.id), profile);
      void client.invalidateQueries({ queryKey: userKeys.profiles() });
      const me = useSession.getState().user;
      if (me?.id === profile.user.id) useSession.setState({ user: { ...me, nickname: profile.user.nickname } });
    },
    onError: reportFailure,
  });
}
