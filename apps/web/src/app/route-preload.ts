import type { QueryClient } from '@tanstack/react-query';
import { routes } from '@/paths.ts';
import { setRoutePreload } from '@/platform/route-intent.ts';
import { useSession } from '@/platform/session.ts';
import { whenIdle } from '@/platform/when-idle.ts';
import { otherFeedAhead } from './other-feed-ahead.ts';
import { preloadPage } from './router.tsx';
import { casesQuery } from '@/features/moderation/api/get-cases.ts';
import { myReportsQuery } from '@/features/safety/api/get-my-reports.ts';

/**
 * The pages a tap opens cold (their code is not in the first screen's chunks), loaded ahead of it
 * through the router's own loaders (router.tsx), so the route draws them at once: their code and
 * strings, the console's first section, and the first data they show. Kept out of the first
 * screen's code: app.tsx loads this module once the first screen is done.
 */
const consoleCode = () => [preloadPage(`${routes.console}/*`), import('./console-routes.tsx').then((m) => m.preloadSection(routes.console))];

const ahead: Record<string, (client: QueryClient) => Promise<unknown>[]> = {
  [routes.console]: (client) => [...consoleCode(), client.prefetchInfiniteQuery(casesQuery())],
  [routes.userReports]: (client) => [preloadPage(routes.userReports), client.prefetchInfiniteQuery(myReportsQuery())],
};

const staff = () => {
  const { token, user } = useSession.getState();
  return token !== null && (user?.role === 'moderator' || user?.role === 'admin');
};

export function startRoutePreload(client: QueryClient) {
  const started = new Set<string>();
  setRoutePreload((path) => {
    const load = ahead[path.split('?')[0] ?? path];
    if (!load || started.has(path)) return;
    started.add(path);
    // A failure here is the page's to show when it is opened; loading ahead only tried.
    Promise.all(load(client)).catch(() => started.delete(path));
  });
  // Staff open the console often: its code loads in an idle moment, once they are known to be staff.
  let consoleLoaded = false;
  const loadConsole = () => {
    if (consoleLoaded || !staff()) return;
    consoleLoaded = true;
    whenIdle(() => void Promise.all(consoleCode()).catch(() => (consoleLoaded = false)), { timeout: 5_000, otherwise: 1_000 });
  };
  loadConsole();
  useSession.subscribe(loadConsole);
  otherFeedAhead(client);
}
