/** The people pages, behind one import of the router: one chunk list to preload instead of three. */
export { FollowersPage, FollowingPage } from './follow-list-page.tsx';
export { ProfilePage } from './profile-page.tsx';
