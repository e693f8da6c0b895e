import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../platform/api/client.ts';

export function useDeletePost() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (postId: string) => api.delete<unknown>(`/posts/${postId}`),
    onSuccess: () => client.invalidateQueries({ queryKey: ['posts'] }),
  });
}
