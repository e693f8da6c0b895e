import { Suspense, lazy, useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';

const MarkPushedRead = lazy(async () => ({ default: (await import('./mark-pushed-read.tsx')).MarkPushedRead }));

/**
 * A push's link names its inbox item (docs/notifications.md, "Deep links"): opening it marks the
 * item read, as a tap in the inbox does, and the address keeps only the place. The marking's code
 * loads only then: the first screen of every other start does without it.
 */
export function PushedNotificationRead() {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const [pushed, setPushed] = useState<string | null>(null);
  const id = new URLSearchParams(search).get('notification');
  // Kept after the address drops it: the marking still has to happen.
  if (id !== null && id !== pushed) setPushed(id);
  useEffect(() => {
    if (id === null) return;
    const rest = new URLSearchParams(search);
    rest.delete('notification');
    const kept = rest.toString();
    void navigate({ pathname, search: kept ? `?${kept}` : '' }, { replace: true });
  }, [id, pathname, search, navigate]);
  return (
    pushed !== null && (
      <Suspense>
        <MarkPushedRead id={pushed} />
      </Suspense>
    )
  );
}
