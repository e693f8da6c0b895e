import { type ComponentType, type ReactNode, lazy, Suspense } from 'react';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router';
import { Loading } from '../ui/load-state.tsx';
import { KeepAliveOutlet } from './keep-alive.tsx';
import { routes } from './paths.ts';

// Declarative routes rather than the data router: the data router costs 17 KB more gzip in the
// first bundle, which the phone budget (150 KB) cannot spare; pages load their data with TanStack Query.
const page = <M,>(load: () => Promise<M>, pick: (module: M) => ComponentType) => {
  const Component = lazy(async () => ({ default: pick(await load()) }));
  return (
    <Suspense fallback={<Loading />}>
      <Component />
    </Suspense>
  );
};
const strip = (path: string) => path.slice(1);

const keptAlivePages: Record<string, ReactNode> = {
  [routes.community]: page(() => import('../features/community/pages/community-page.tsx'), (m) => m.CommunityPage),
  [routes.mall]: page(() => import('../features/shop/pages/mall-page.tsx'), (m) => m.MallPage),
};

const pages: [string, ReactNode][] = [
  [routes.search, page(() => import('../features/community/pages/search-page.tsx'), (m) => m.SearchPage)],
  [routes.postDetail, page(() => import('../features/community/pages/post-detail-page.tsx'), (m) => m.PostDetailPage)],
  [routes.replies, page(() => import('../features/community/pages/replies-page.tsx'), (m) => m.RepliesPage)],
  [routes.userPosts, page(() => import('../features/community/pages/user-posts-page.tsx'), (m) => m.UserPostsPage)],
  [routes.userComments, page(() => import('../features/community/pages/user-comments-page.tsx'), (m) => m.UserCommentsPage)],
  [routes.userLikes, page(() => import('../features/community/pages/user-likes-page.tsx'), (m) => m.UserLikesPage)],
  [routes.userFavourites, page(() => import('../features/community/pages/user-favourites-page.tsx'), (m) => m.UserFavouritesPage)],
  [routes.addPost, page(() => import('../features/posting/pages/add-post-page.tsx'), (m) => m.AddPostPage)],
  [routes.config, page(() => import('../features/configs/pages/config-page.tsx'), (m) => m.ConfigPage)],
  [routes.report, page(() => import('../features/safety/pages/report-page.tsx'), (m) => m.ReportPage)],
  [routes.goodsDetails, page(() => import('../features/shop/pages/goods-details-page.tsx'), (m) => m.GoodsDetailsPage)],
  [routes.disclaimer, page(() => import('../features/legal/legal-pages.tsx'), (m) => m.DisclaimerPage)],
  [routes.privacy, page(() => import('../features/legal/legal-pages.tsx'), (m) => m.PrivacyPage)],
  [routes.userAgreement, page(() => import('../features/legal/legal-pages.tsx'), (m) => m.UserAgreementPage)],
];

/** Every route of the spec, each page loaded on demand. */
export function AppRoutes() {
  return (
    <BrowserRouter basename="/app">
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
    </BrowserRouter>
  );
}
