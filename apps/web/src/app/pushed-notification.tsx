import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useIsLoggedIn } from '@/platform/hooks.ts';
import { useMarkRead } from '@/features/notifications/api/mark-read.ts';

/**
 * A push's link names its inbox item (docs/notifications.md, "Deep links"): opening it marks the
 * item read, as a tap in the inbox does, and the address keeps only the place.
 */
// The ids' form (contracts' idSchema), without bringing zod into the first screen's code.
const ID = /^[1-9]\d{0,17}$/;

export function PushedNotificationRead() {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const loggedIn = useIsLoggedIn();
  const { mutate: markRead } = useMarkRead();
  const id = new URLSearchParams(search).get('notification');
  useEffect(() => {
    if (id === null) return;
    const rest = new URLSearchParams(search);
    rest.delete('notification');
    const kept = rest.toString();
    void navigate({ pathname, search: kept ? `?${kept}` : '' }, { replace: true });
    if (loggedIn && ID.test(id)) markRead([id]);
  }, [id, pathname, search, loggedIn, markRead, navigate]);
  return null;
}
