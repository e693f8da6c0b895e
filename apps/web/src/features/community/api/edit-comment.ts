import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CommentItem } from '@padhub/contracts';
import { api } from '@/platform/api/client.ts';
import { reportFailure } from '@/entities/session/report-failure.ts';
import { commentKeys } from '@/entities/comment/keys.ts';

/** PATCH /api/comments/:id: the author's new text; every list showing the comment reads it again. */
export function useEditComment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, content }: { id: string; content: string }) => api.patch<CommentItem>(`/comments/${id}`, { content }),
    onSuccess: () => client.invalidateQueries({ queryKey: commentKeys.all }),
    onError: reportFailure,
  });
}
