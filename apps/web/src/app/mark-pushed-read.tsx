import { useEffect } from 'react';
import { useIsLoggedIn } from '@/platform/hooks.ts';
import { useMarkRead } from '@/features/notifications/api/mark-read.ts';

// The ids' form (contracts' idSchema), without bringing zod into this code.
const ID = /^[1-9]\d{0,17}$/;

/** Marks the pushed inbox item read, as a tap in the inbox does (loaded only when a push's link names one). */
export function MarkPushedRead({ id }: { id: string }) {
  const loggedIn = useIsLoggedIn();
  const { mutate: markRead } = useMarkRead();
  useEffect(() => {
    if (loggedIn && ID.test(id)) markRead([id]);
  }, [id, loggedIn, markRead]);
  return null;
}
