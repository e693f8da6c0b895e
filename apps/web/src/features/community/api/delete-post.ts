import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/platform/api/client.ts';
import { i18next } from '@/platform/i18n.ts';
import { toast } from '@/ui/antd.tsx';
import { reportFailure } from '@/entities/session/report-failure.ts';
import { removePost } from '@/entities/post/api/cache.ts';

/** Deletes the author's post; says how it went even if the person has left the post meanwhile. */
export function useDeletePost() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (postId: string) => api.delete<unknown>(`/posts/${postId}`),
    onSuccess: (_answer, postId) => {
      void toast(i18next.t('community.post.deleted'));
      removePost(client, postId);
    },
    onError: reportFailure,
  });
}
