import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BlacklistState, BlockState } from '@padhub/contracts';
import { api } from '@/platform/api/client.ts';
import { restartLists } from '@/platform/api/refresh-lists.ts';

export type AuthorList = 'blocks' | 'blacklist';

/**
 * Block an author, or put them on the blacklist. What they wrote then disappears from every list
 * already on screen: the server hides it, so asking again is the one way to stay consistent.
 */
export function useListAuthor() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ list, userId }: { list: AuthorList; userId: string }) => api.put<BlockState | BlacklistState>(`/${list}/${userId}`),
    onSuccess: async () => {
      await Promise.all([restartLists(client, ['posts']), restartLists(client, ['comments'])]);
    },
  });
}
