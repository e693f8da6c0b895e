import { type ReactNode, Suspense, use } from 'react';
import { useFrame } from './frame.ts';
import { useOnDevice } from './on-device.ts';

/**
 * A part of a drawn page below the fold or behind a tap: while the page takes the server's markup
 * over, it stays as drawn (its links work) until the page is idle or the person reaches for it
 * (platform/hydration.ts), so that what is on screen comes alive first. Rendered by the page
 * itself, it shows at once; `fallback` stands in only while code it loads (a lazy part) arrives.
 */
export function Later({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) {
  return (
    <Suspense fallback={fallback}>
      <Gate />
      {children}
    </Suspense>
  );
}

function Gate() {
  const { later } = useFrame();
  // False only while the server renders and while the page hydrates: then, and only then, wait.
  const hydrated = useOnDevice();
  if (!hydrated && later) use(later);
  return null;
}
