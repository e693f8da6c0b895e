import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AvatarInput, Profile } from '@padhub/contracts';
import { api } from '@/platform/api/client.ts';
import { i18next } from '@/platform/i18n.ts';
import { useSession } from '@/platform/session.ts';
import { uploadFiles, type UploadRecord } from '@/platform/uploader/index.ts';
import { toast } from '@/ui/antd.tsx';
import { reportFailure } from '@/entities/session/report-failure.ts';
import { userKeys } from '@/entities/user/keys.ts';

export interface AvatarChoice {
  file: File;
  crop: AvatarInput['crop'];
}

/**
 * Uploads the picture as it is (straight to the store, as a post's), then asks the server to keep
 * the cropped square (PUT /api/me/avatar), which makes its renditions. The new picture is the
 * person's at once wherever the app shows them (the session's user); lists read it when next asked.
 */
/** The profile the server answered, shown at once: on the profile page and as the session's user. */
function showProfile(client: QueryClient, profile: Profile) {
  client.setQueryData(userKeys.profile(profile.user.id), profile);
  void client.invalidateQueries({ queryKey: userKeys.profiles() });
  const me = useSession.getState().user;
  if (me?.id === profile.user.id) useSession.setState({ user: { ...me, avatar: profile.user.avatar } });
}

export function useSetAvatar() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ file, crop }: AvatarChoice) => {
      let stored: UploadRecord | null = null;
      const job = { id: 'avatar', file, name: file.name, type: file.type, folder: 'avatar', record: null };
      const uploaded = await uploadFiles([job], { onRecord: (_, record) => (stored = record), onProgress: () => undefined });
      const record = stored as UploadRecord | null;
      if (!uploaded || !record) throw new Error('upload failed');
      return api.put<Profile>('/me/avatar', { path: record.key, crop } satisfies AvatarInput);
    },
    onSuccess: (profile) => {
      void toast(i18next.t('people.avatar.saved'));
      showProfile(client, profile);
    },
    onError: reportFailure,
  });
}

/** Back to the initials (DELETE /api/me/avatar): the server deletes the picture and its squares. */
export function useRemoveAvatar() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete<Profile>('/me/avatar'),
    onSuccess: (profile) => {
      void toast(i18next.t('people.avatar.removed'));
      showProfile(client, profile);
    },
    onError: reportFailure,
  });
}
