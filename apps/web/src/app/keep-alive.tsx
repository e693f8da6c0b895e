import { Activity, type ReactNode, useContext, useState } from 'react';
import { UNSAFE_LocationContext as LocationContext, useLocation, useOutlet } from 'react-router';

/**
 * Renders the current route, and keeps the kept-alive pages (community, mall) mounted but hidden
 * with React's <Activity> once visited, so their loaded lists, scroll and state survive a trip to a
 * detail page and back. While hidden, their effects are cleaned up (timers, polling, watchers
 * pause) and run again when they show (ui/page.tsx restores scroll, focus and title then).
 */
export function KeepAliveOutlet({ kept }: { kept: Record<string, ReactNode> }) {
  const { pathname } = useLocation();
  const outlet = useOutlet();
  const [visited, setVisited] = useState<string[]>([]);
  const isKept = pathname in kept;
  // Remembering a visit while rendering (not in an effect) shows the page in this very render.
  if (isKept && !visited.includes(pathname)) setVisited([...visited, pathname]);
  const shown = isKept && !visited.includes(pathname) ? [...visited, pathname] : visited;
  return (
    <>
      {shown.map((path) => (
        <Kept key={path} shown={path === pathname}>
          {kept[path]}
        </Kept>
      ))}
      {!isKept && outlet}
    </>
  );
}

/**
 * A hidden page goes on seeing the address it was shown at: it must not take the next page's
 * address for its own (its title, scroll place and links follow the address).
 */
function Kept({ shown, children }: { shown: boolean; children: ReactNode }) {
  const location = useContext(LocationContext);
  const [frozen, setFrozen] = useState(location);
  // Kept up to date while shown, during the render (not in an effect), as KeepAliveOutlet's visits are.
  if (shown && frozen !== location) setFrozen(location);
  return (
    <LocationContext value={shown ? location : frozen}>
      <Activity mode={shown ? 'visible' : 'hidden'}>{children}</Activity>
    </LocationContext>
  );
}
