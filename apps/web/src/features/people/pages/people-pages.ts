/** The people pages, behind one import of the router: one chunk list to preload instead of four. */
export { FollowersPage, FollowingPage } from './follow-list-page.tsx';
export { MePage } from './me-page.tsx';
export { ProfilePage } from './profile-page.tsx';
