import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Game, UpdateGame } from '@padhub/contracts';
import { api } from '@/platform/api/client.ts';
import { reportFailure } from '@/entities/session/report-failure.ts';
import { configKeys } from '@/entities/configuration/keys.ts';
import { moderationKeys } from '@/features/moderation/api/keys.ts';

export type GameChange = { kind: 'update'; id: string; change: UpdateGame } | { kind: 'merge'; id: string; into: string };

/** An admin names a game (four languages, aliases), or merges it into another; its configurations follow, and the log says so. */
export function useChangeGame() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: GameChange) =>
      change.kind === 'update'
        ? api.put<Game>(`/admin/games/${encodeURIComponent(change.id)}`, change.change)
        : api.post<Game>(`/admin/games/${encodeURIComponent(change.id)}/merge`, { into: change.into }),
    onSuccess: () => {
      // Game names show on every configuration and in the hub's suggestions.
      void client.invalidateQueries({ queryKey: configKeys.all });
      void client.invalidateQueries({ queryKey: moderationKeys.all });
    },
    onError: reportFailure,
  });
}
