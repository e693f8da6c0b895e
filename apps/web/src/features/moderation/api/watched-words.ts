import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { WatchedWord, WatchedWordBody, WatchedWordImport, WatchedWordImportResult, WatchedWordList, WatchedWordTestResult } from '@padhub/contracts';
import { api } from '@/platform/api/client.ts';
import { reportFailure } from '@/entities/session/report-failure.ts';
import { moderationKeys } from '@/features/moderation/api/keys.ts';

/** The organisation's watched words, by how they are matched. */
export function useWatchedWords(enabled: boolean) {
  return useQuery({
    queryKey: moderationKeys.watchedWords(),
    queryFn: async () => (await api.get<WatchedWordList>('/admin/watched-words')).items,
    enabled,
  });
}

export type WatchedWordChange =
  | { kind: 'add'; body: WatchedWordBody }
  | { kind: 'update'; id: string; body: WatchedWordBody }
  | { kind: 'remove'; id: string };

/** An admin adds, changes or removes a watched word; the audit log says so. */
export function useChangeWatchedWords() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: WatchedWordChange): Promise<WatchedWord | Record<string, never>> => {
      switch (change.kind) {
        case 'add':
          return api.post<WatchedWord>('/admin/watched-words', change.body);
        case 'update':
          return api.put<WatchedWord>(`/admin/watched-words/${encodeURIComponent(change.id)}`, change.body);
        case 'remove':
          return api.delete<Record<string, never>>(`/admin/watched-words/${encodeURIComponent(change.id)}`);
      }
    },
    // The list and the audit log share the console's prefix.
    onSuccess: () => void client.invalidateQueries({ queryKey: moderationKeys.all }),
    onError: reportFailure,
  });
}

/** A pasted list, one word a line, all with one action. */
export function useImportWatchedWords() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: WatchedWordImport) => api.post<WatchedWordImportResult>('/admin/watched-words/import', body),
    onSuccess: () => void client.invalidateQueries({ queryKey: moderationKeys.all }),
    onError: reportFailure,
  });
}

/** A text tried against the rules as they are now. */
export function useTryWatchedWords() {
  return useMutation({
    mutationFn: (text: string) => api.post<WatchedWordTestResult>('/admin/watched-words/test', { text }),
    onError: reportFailure,
  });
}
