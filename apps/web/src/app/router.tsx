import { type ComponentType, type ReactNode, lazy, Suspense, useEffect, useState } from 'react';
import { BrowserRouter, Navigate, Route, Routes, useNavigate } from 'react-router';
import { type StringGroup, ensureStrings } from '@/platform/i18n.ts';
import { bridge } from '@/platform/host.ts';
import { PageSkeleton } from '@/ui/skeleton.tsx';
import { KeepAliveOutlet } from './keep-alive.tsx';
import { loadCommunityPage, loadMallPage, loadPostPage } from './landing-pages.ts';
import { PushedNotificationRead } from './pushed-notification.tsx';
import { routes } from '@/paths.ts';

// Declarative routes rather than the data router: the data router costs 17 KB more gzip in the
// first bundle, which the phone budget (bench/bundle.ts) cannot spare; pages load their data with TanStack Query.
// A page names the string groups it shows beyond the shell and the community (see platform/i18n.ts).
// Its code loaded ahead (route-preload.ts, through `preloads`) draws it at once: a lazy page always
// suspends first, and React holds a shown fallback at least 300 ms before it reveals the page.
const preloads = new Map<ReactNode, () => Promise<unknown>>();
const page = <M,>(load: () => Promise<M>, pick: (module: M) => ComponentType, strings: StringGroup[] = []) => {
  let loaded: ComponentType | undefined;
  const start = () => Promise.all([load(), ensureStrings(strings)]).then(([module]) => pick(module));
  const Component = lazy(async () => ({ default: await start() }));
  // Decided once a mount: switching from the lazy to the loaded page would mount it again.
  const Shown = () => {
    const [Loaded] = useState(() => loaded);
    return Loaded ? (
      <Loaded />
    ) : (
      <Suspense fallback={<PageSkeleton />}>
        <Component />
      </Suspense>
    );
  };
  const element = <Shown />;
  // Only a preload sets `loaded`: the server's render (and the page's hydration of it) keeps the lazy page's markup.
  preloads.set(element, () => start().then((module) => (loaded = module)));
  return element;
};
const strip = (path: string) => path.slice(1);
// The console's frame names every section, the shop's included.
const consoleStrings: StringGroup[] = ['moderation', 'shop'];

const keptAlivePages: Record<string, ReactNode> = {
  [routes.community]: page(loadCommunityPage, (m) => m.CommunityPage),
  [routes.mall]: page(loadMallPage, (m) => m.MallPage, ['shop']),
};

const peoplePages = () => import('@/features/people/pages/people-pages.ts');

const pages: [string, ReactNode][] = [
  [routes.search, page(() => import('@/features/community/pages/search-page.tsx'), (m) => m.SearchPage)],
  [routes.postDetail, page(loadPostPage, (m) => m.PostDetailPage)],
  [routes.replies, page(() => import('@/features/community/pages/replies-page.tsx'), (m) => m.RepliesPage, ['posting', 'people'])],
  [routes.userPosts, page(() => import('@/features/community/pages/user-posts-page.tsx'), (m) => m.UserPostsPage, ['posting'])],
  [routes.userComments, page(() => import('@/features/community/pages/user-comments-page.tsx'), (m) => m.UserCommentsPage)],
  [routes.userLikes, page(() => import('@/features/community/pages/user-likes-page.tsx'), (m) => m.UserLikesPage)],
  [routes.userFavourites, page(() => import('@/features/community/pages/user-favourites-page.tsx'), (m) => m.UserFavouritesPage)],
  [routes.addPost, page(() => import('@/features/posting/pages/add-post-page.tsx'), (m) => m.AddPostPage, ['posting', 'people'])],
  [routes.config, page(() => import('@/features/configs/pages/config-page.tsx'), (m) => m.ConfigPage, ['configs'])],
  [routes.configDetail, page(() => import('@/features/configs/pages/config-detail-page.tsx'), (m) => m.ConfigDetailPage, ['configs'])],
  [routes.configsHub, page(() => import('@/features/configs/pages/hub-page.tsx'), (m) => m.HubPage, ['configs'])],
  [routes.userConfigs, page(() => import('@/features/configs/pages/config-page.tsx'), (m) => m.MyConfigsPage, ['configs'])],
  [routes.report, page(() => import('@/features/safety/pages/report-page.tsx'), (m) => m.ReportPage, ['safety'])],
  [routes.userReports, page(() => import('@/features/safety/pages/user-reports-page.tsx'), (m) => m.UserReportsPage, ['safety'])],
  [routes.userBlocked, page(() => import('@/features/safety/pages/listed-users-page.tsx'), (m) => m.UserBlockedPage, ['safety'])],
  [routes.userBlacklist, page(() => import('@/features/safety/pages/listed-users-page.tsx'), (m) => m.UserBlacklistPage, ['safety'])],
  [routes.userFilters, page(() => import('@/features/safety/pages/filters-page.tsx'), (m) => m.FiltersPage, ['safety'])],
  [routes.userProfile, page(peoplePages, (m) => m.ProfilePage, ['people', 'configs'])],
  [routes.me, page(peoplePages, (m) => m.MePage, ['people'])],
  [routes.userFollowers, page(peoplePages, (m) => m.FollowersPage, ['people'])],
  [routes.userFollowing, page(peoplePages, (m) => m.FollowingPage, ['people'])],
  // Every section of the console, under one route (console-routes.tsx).
  [`${routes.console}/*`, page(() => import('./console-routes.tsx'), (m) => m.ConsoleRoutes, consoleStrings)],
  [routes.goodsDetails, page(() => import('@/features/shop/pages/goods-details-page.tsx'), (m) => m.GoodsDetailsPage, ['shop'])],
  [routes.disclaimer, page(() => import('@/features/legal/legal-pages.tsx'), (m) => m.DisclaimerPage)],
  [routes.privacy, page(() => import('@/features/legal/legal-pages.tsx'), (m) => m.PrivacyPage)],
  [routes.userAgreement, page(() => import('@/features/legal/legal-pages.tsx'), (m) => m.UserAgreementPage)],
  [routes.notifications, page(() => import('@/features/notifications/pages/notifications-page.tsx'), (m) => m.NotificationsPage, ['notifications'])],
  [
    routes.notificationSettings,
    page(() => import('@/features/notifications/pages/notification-settings-page.tsx'), (m) => m.NotificationSettingsPage, ['notifications']),
  ],
  [routes.userSessions, page(() => import('@/features/security/pages/sessions-page.tsx'), (m) => m.SessionsPage, ['security'])],
  [routes.userPassword, page(() => import('@/features/security/pages/password-page.tsx'), (m) => m.PasswordPage, ['security'])],
  [routes.userData, page(() => import('@/features/security/pages/data-page.tsx'), (m) => m.DataPage, ['security'])],
  [routes.hostCheck, page(() => import('@/features/host-check/host-check-page.tsx'), (m) => m.HostCheckPage, ['hostCheck'])],
];

/** Loads the code and strings of the page at `path` (a route's own path, without its query), if it has one to load. */
export function preloadPage(path: string): Promise<unknown> {
  const element = pages.find(([route]) => route === path || (route.endsWith('/*') && path.startsWith(route.slice(0, -2))))?.[1];
  return preloads.get(element)?.() ?? Promise.resolve();
}

/** Every route of the spec, each page loaded on demand. */
export function AppRoutes() {
  return (
    <BrowserRouter basename="/app">
      <RouteTree />
    </BrowserRouter>
  );
}

/** The routes inside a router: the browser's in the page, a static one for the server's first screen (server-render.tsx). */
export function RouteTree() {
  return (
    <>
      <HostLinks />
      <PushedNotificationRead />
      <Routes>
        <Route element={<KeepAliveOutlet kept={keptAlivePages} />}>
          <Route index element={<Navigate to={routes.community} replace />} />
          {Object.keys(keptAlivePages).map((path) => (
            // Rendered by KeepAliveOutlet, which keeps them mounted; the route only has to match.
            <Route key={path} path={strip(path)} element={null} />
          ))}
          {pages.map(([path, element]) => (
            <Route key={path} path={strip(path)} element={element} />
          ))}
          <Route path="*" element={page(() => import('./not-found-page.tsx'), (m) => m.NotFoundPage)} />
        </Route>
      </Routes>
    </>
  );
}

/** A link the host asks the page to open (a tapped push, a shared link opened in the app). */
function HostLinks() {
  const navigate = useNavigate();
  useEffect(() => bridge.on('openLink', ({ path }) => void navigate(path.replace(/^\/app/, ''))), [navigate]);
  return null;
}
