import { Activity, type ReactNode, useState } from 'react';
import { useLocation, useOutlet } from 'react-router';

/**
 * Renders the current route, and keeps the kept-alive pages (community, mall) mounted but hidden
 * with React's own <Activity> once visited, so their loaded lists, scroll and state survive a trip
 * to a detail page and back.
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
        <Activity key={path} mode={path === pathname ? 'visible' : 'hidden'}>
          {kept[path]}
        </Activity>
      ))}
      {!isKept && outlet}
    </>
  );
}
