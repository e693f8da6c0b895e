import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { PictureMatchAction, PictureMatchSettings, RemovedPicturePage } from '@padhub/contracts';
import { api } from '@/platform/api/client.ts';
import { reportFailure } from '@/entities/session/report-failure.ts';
import { moderationKeys } from '@/features/moderation/api/keys.ts';

/** The organisation's removed pictures, newest first, with what a match does. */
export function useRemovedPictures() {
  return useInfiniteQuery({
    queryKey: moderationKeys.removedPictures(),
    queryFn: ({ pageParam }) => api.get<RemovedPicturePage>('/admin/removed-pictures', { query: { cursor: pageParam } }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

/** An admin chooses what a match does, or takes a picture off the list; the audit log says so. */
export function useChangeRemovedPictures() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: { kind: 'action'; action: PictureMatchAction } | { kind: 'forget'; id: string }): Promise<PictureMatchSettings | Record<string, never>> =>
      change.kind === 'action'
        ? api.put<PictureMatchSettings>('/admin/removed-pictures/settings', { action: change.action })
        : api.delete<Record<string, never>>(`/admin/removed-pictures/${encodeURIComponent(change.id)}`),
    // The list and the audit log share the console's prefix.
    onSuccess: () => void client.invalidateQueries({ queryKey: moderationKeys.all }),
    onError: reportFailure,
  });
}
