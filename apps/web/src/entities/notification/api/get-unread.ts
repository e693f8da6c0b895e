import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { api } from '@/platform/api/client.ts';
import { bridge } from '@/platform/host.ts';
import { useIsLoggedIn } from '@/platform/hooks.ts';
import { useLiveEvent, useLiveOpen } from '@/platform/live.ts';
import { setBadge } from '@/platform/share.ts';
import { notificationKeys } from '@/entities/notification/keys.ts';

/** At most once a minute while the page is in front; more often only when something says so. */
const EVERY_MINUTE = 60_000;

const unreadQuery = (live: boolean) =>
  queryOptions({
    queryKey: notificationKeys.unread(),
    queryFn: () => api.get<{ count: number }>('/notifications/unread'),
    staleTime: EVERY_MINUTE,
    // The live stream tells each change as it happens; the minute's asking stands in while it is not open.
    refetchInterval: live ? false : EVERY_MINUTE,
    // The page coming back into view (visibilitychange) asks again; the interval does not run in the background.
    refetchOnWindowFocus: 'always',
  });

/** The last number told to the host: the bells of the kept-alive pages tell it once. */
let told: number | null = null;

/**
 * The person's unread count (0 when logged out), as the live stream tells it (platform/live.ts),
 * asked again when the page becomes visible, when the host says the app resumed, and each minute
 * while the stream is not open; every new number is told to the host for its
 * own badge (docs/bridge.md, `setBadge`). The bell of a kept-alive page that is hidden asks
 * nothing (<Activity> unsubscribes it, app/keep-alive.tsx): it asks again, if the count is older
 * than a minute, when shown.
 */
export function useUnreadCount(): number {
  const loggedIn = useIsLoggedIn();
  const client = useQueryClient();
  const live = useLiveOpen();
  const { data } = useQuery({ ...unreadQuery(live), enabled: loggedIn });
  useLiveEvent(
    'unread',
    useCallback((next) => client.setQueryData(notificationKeys.unread(), next), [client]),
  );
  useLiveEvent(
    'notification',
    useCallback(() => void client.invalidateQueries({ queryKey: [...notificationKeys.all, 'list'] }), [client]),
  );
  const count = loggedIn ? (data?.count ?? 0) : 0;
  useEffect(() => bridge.on('appResumed', () => void client.invalidateQueries({ queryKey: notificationKeys.unread() })), [client]);
  useEffect(() => {
    if (!loggedIn || data) {
      if (told !== count) setBadge(count);
      told = count;
    }
  }, [loggedIn, data, count]);
  return count;
}
