import { type ComponentType, type ReactNode, lazy, Suspense, useState } from 'react';
import { Route, Routes } from 'react-router';
import { routes } from '@/paths.ts';
import { PageSkeleton } from '@/ui/skeleton.tsx';

/**
 * The console's sections, behind one lazy route of the router (router.tsx): the first screen's code
 * carries one route and one list of chunks for the whole console, not one of each per section
 * (bench/bundle.ts). The router loads the console's strings before this module runs.
 */
const preloads = new Map<string, () => Promise<unknown>>();
const section = <M,>(load: () => Promise<M>, pick: (module: M) => ComponentType, path?: string): ReactNode => {
  let loaded: ComponentType | undefined;
  const Component = lazy(async () => ({ default: pick(await load()) }));
  if (path) preloads.set(path, async () => (loaded = pick(await load())));
  // Loaded ahead, drawn at once, without the fallback React holds 300 ms (router.tsx); decided once a mount.
  const Shown = () => {
    const [Loaded] = useState(() => loaded);
    return Loaded ? <Loaded /> : <Component />;
  };
  return <Shown />;
};

/** Loads the code of the console's section at `path`, if it has one to load (app/route-preload.ts). */
export function preloadSection(path: string): Promise<unknown> {
  return preloads.get(path)?.() ?? Promise.resolve();
}

const sections: [string, ReactNode][] = [
  [routes.console, section(() => import('@/features/moderation/pages/reports-console-page.tsx'), (m) => m.ReportsConsolePage, routes.console)],
  [routes.consoleReview, section(() => import('@/features/moderation/pages/review-console-page.tsx'), (m) => m.ReviewConsolePage)],
  [routes.consolePeople, section(() => import('@/features/moderation/pages/people-console-page.tsx'), (m) => m.PeopleConsolePage)],
  [routes.consoleLog, section(() => import('@/features/moderation/pages/log-console-page.tsx'), (m) => m.LogConsolePage)],
  [routes.consoleInsights, section(() => import('@/features/moderation/pages/insights-console-page.tsx'), (m) => m.InsightsConsolePage)],
  [routes.consoleGames, section(() => import('@/features/moderation/pages/games-console-page.tsx'), (m) => m.GamesConsolePage)],
  [routes.consoleWatchedWords, section(() => import('@/features/moderation/pages/watched-words-console-page.tsx'), (m) => m.WatchedWordsConsolePage)],
  [routes.consoleRemovedPictures, section(() => import('@/features/moderation/pages/removed-pictures-console-page.tsx'), (m) => m.RemovedPicturesConsolePage)],
  [routes.consoleNewAccounts, section(() => import('@/features/moderation/pages/new-accounts-console-page.tsx'), (m) => m.NewAccountsConsolePage)],
  [routes.consoleGoods, section(() => import('./shop-console-pages.tsx'), (m) => m.GoodsConsolePage)],
  [routes.consoleGoodsEditor, section(() => import('./shop-console-pages.tsx'), (m) => m.GoodsEditorPage)],
];

/** A section's path under the console's own (`/console/review` → `review`). */
const under = (path: string) => path.slice(routes.console.length + 1);

export function ConsoleRoutes() {
  return (
    <Suspense fallback={<PageSkeleton />}>
      <Routes>
        {sections.map(([path, element]) =>
          path === routes.console ? <Route key={path} index element={element} /> : <Route key={path} path={under(path)} element={element} />,
        )}
        <Route path="*" element={section(() => import('./not-found-page.tsx'), (m) => m.NotFoundPage)} />
      </Routes>
    </Suspense>
  );
}
