import { useQuery } from '@tanstack/react-query';
import type { CommentItem } from '@padhub/contracts';
import { api } from '@/platform/api/client.ts';
import { commentKeys } from '@/entities/comment/keys.ts';

/** One comment or reply as the reader may see it (GET /api/comments/:id): a report shows what it is about. */
export function useComment(id: string) {
  return useQuery({ queryKey: commentKeys.one(id), queryFn: () => api.get<CommentItem>(`/comments/${encodeURIComponent(id)}`) });
}
