import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unlistAuthor } from '@/entities/user/api/list-author.ts';
import type { ListKind } from './get-listed-users.ts';

/** Unblock, or take off the blacklist: their posts and comments come back everywhere. */
export function useRemoveListedUser(kind: ListKind) {
  const client = useQueryClient();
  return useMutation({ mutationFn: (userId: string) => unlistAuthor(client, kind, userId) });
}
