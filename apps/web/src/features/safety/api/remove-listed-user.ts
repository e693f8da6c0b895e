import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/platform/api/client.ts';
import { type ListKind, listedUsersQuery } from './get-listed-users.ts';
import { postKeys } from '@/entities/post/keys.ts';
import { commentKeys } from '@/entities/comment/keys.ts';

/** Unblock, or take off the blacklist: their posts and comments come back everywhere. */
export function useRemoveListedUser(kind: ListKind) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => api.delete<unknown>(`/${kind}/${userId}`),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: listedUsersQuery(kind).queryKey }),
        client.invalidateQueries({ queryKey: postKeys.all }),
        client.invalidateQueries({ queryKey: commentKeys.all }),
      ]),
  });
}
