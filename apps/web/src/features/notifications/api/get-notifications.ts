import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { Notification, Page } from '@padhub/contracts';
import { api } from '@/platform/api/client.ts';
import { notificationKeys } from '@/entities/notification/keys.ts';

export type InboxTab = 'all' | 'conversations';

const notificationsQuery = (filter: InboxTab) =>
  infiniteQueryOptions({
    queryKey: notificationKeys.list(filter),
    queryFn: ({ pageParam }) => api.get<Page<Notification>>('/notifications', { query: { cursor: pageParam, filter } }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

export function useNotifications(filter: InboxTab, enabled: boolean) {
  return useInfiniteQuery({ ...notificationsQuery(filter), enabled });
}
