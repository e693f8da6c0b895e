/**
 * The pages a phone lands on: the community feed (the home), a post (a shared link, a push) and
 * the Mall. The server draws their first screen (apps/server/src/modules/web/), and their code is
 * cut apart from the rest by this file (vite.config.ts): each page module that is loaded here, with
 * what it imports statically beyond the entry, comes as one chunk. A page that becomes a landing
 * page is loaded here, and nothing else changes.
 */
export const loadCommunityPage = () => import('@/features/community/pages/community-page.tsx');
export const loadPostPage = () => import('@/features/community/pages/post-detail-page.tsx');
export const loadMallPage = () => import('@/features/shop/pages/mall-page.tsx');
