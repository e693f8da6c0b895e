import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import type { BlacklistState, BlockState } from '@padhub/contracts';
import { api } from '@/platform/api/client.ts';
import { restartLists } from '@/platform/api/refresh-lists.ts';
import { postKeys } from '@/entities/post/keys.ts';
import { commentKeys } from '@/entities/comment/keys.ts';
import { userKeys } from '@/entities/user/keys.ts';

export type AuthorList = 'blocks' | 'blacklist';

/**
 * What a person wrote appears or disappears in every list already on screen when they are put on
 * or taken off a list: the server decides what is hidden, so asking again is the one way to stay
 * consistent. Their profile (blocked or not) and follows (a block ends them) are asked again too.
 */
function refreshAfterListChange(client: QueryClient) {
  return Promise.all([restartLists(client, postKeys.all), restartLists(client, commentKeys.all), restartLists(client, userKeys.all)]);
}

/** Takes someone off a list. A plain function, not a hook: the Undo of a toast runs it after the page that blocked may be gone. */
export async function unlistAuthor(client: QueryClient, list: AuthorList, userId: string) {
  await api.delete<unknown>(`/${list}/${userId}`);
  await refreshAfterListChange(client);
}

/** Block an author, or put them on the blacklist. */
export function useListAuthor() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ list, userId }: { list: AuthorList; userId: string }) => api.put<BlockState | BlacklistState>(`/${list}/${userId}`),
    onSuccess: () => refreshAfterListChange(client),
  });
}

/** Take an author off a list (the Unblock of a post hidden because of it). */
export function useUnlistAuthor() {
  const client = useQueryClient();
  return useMutation({ mutationFn: ({ list, userId }: { list: AuthorList; userId: string }) => unlistAuthor(client, list, userId) });
}
