import { type InfiniteData, type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Notification, Page } from '@padhub/contracts';
import { api } from '@/platform/api/client.ts';
import { waitingAction } from '@/platform/api/wait-for-network.ts';
import { reportFailure } from '@/entities/session/report-failure.ts';
import { notificationKeys } from '@/entities/notification/keys.ts';

/** Shows the items as read at once in every cached tab (all of them without ids); the server's answer follows. */
function showRead(client: QueryClient, ids?: string[]) {
  let newlyRead = 0;
  client.setQueriesData<InfiniteData<Page<Notification>>>({ queryKey: [...notificationKeys.all, 'list'] }, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            items: page.items.map((n) => {
              if (n.read || (ids && !ids.includes(n.id))) return n;
              newlyRead++;
              return { ...n, read: true };
            }),
          })),
        }
      : data,
  );
  client.setQueryData<{ count: number }>(notificationKeys.unread(), (old) => (old ? { count: ids ? Math.max(0, old.count - Math.min(newlyRead, ids.length)) : 0 } : old));
}

/** The send itself (no ids: all of them): also for one kept across a reload. */
export const markRead = waitingAction({
  mutationKey: notificationKeys.markRead(),
  mutationFn: (ids?: string[]) => api.post<unknown>('/notifications/read', ids ? { ids } : {}),
  onError: (error, _ids, _result, { client }) => {
    void client.invalidateQueries({ queryKey: notificationKeys.all });
    reportFailure(error);
  },
  // The counter is the server's: the number shown is asked again either way.
  onSettled: (_data, _error, _ids, _result, { client }) => client.invalidateQueries({ queryKey: notificationKeys.unread() }),
});

/**
 * Marks some items read, or (no ids) all of them. Offline, it waits for the network; refused, the
 * items and the count go back to what they were, and the person reads why.
 */
export function useMarkRead() {
  const client = useQueryClient();
  return useMutation({
    ...markRead,
    onMutate: (ids?: string[]) => {
      const saved = client.getQueriesData({ queryKey: notificationKeys.all });
      showRead(client, ids);
      return { saved };
    },
    onError: (error, _ids, context) => {
      for (const [key, data] of context?.saved ?? []) client.setQueryData(key, data);
      reportFailure(error);
    },
  });
}
