import { useMutation, useQueryClient } from '@tanstack/react-query';
import { i18next } from '@/platform/i18n.ts';
import { toast } from '@/ui/antd.tsx';
import { reportFailure } from '@/entities/session/report-failure.ts';
import { unlistAuthor } from '@/entities/user/api/list-author.ts';
import type { ListKind } from './get-listed-users.ts';

/** Unblock, or take off the blacklist: their posts and comments come back everywhere. */
export function useRemoveListedUser(kind: ListKind) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => unlistAuthor(client, kind, userId),
    onSuccess: () => void toast(i18next.t(kind === 'blocks' ? 'safety.lists.unblocked' : 'safety.lists.removed')),
    onError: reportFailure,
  });
}
