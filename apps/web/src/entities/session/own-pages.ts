import type { Me } from '@padhub/contracts';
import type { base } from '@/locales/en/base.ts';
import { paths } from '@/paths.ts';

/** A page of the person's own, by its address and the key of its title (locales: `pages.*`). */
export interface OwnPage {
  path: string;
  title: `pages.${keyof (typeof base)['pages']}`;
}

/** A named group of them (locales: `me.groups.*`). */
export interface OwnPageGroup {
  name: 'made' | 'notifications' | 'safety' | 'account' | 'staff';
  pages: OwnPage[];
}

/**
 * The person's own pages, grouped as the Me tab shows them; the account menu lists the same, in
 * the same order. Staff also reach the console.
 */
export function ownPageGroups(user: Me | null): OwnPageGroup[] {
  const groups: OwnPageGroup[] = [
    {
      name: 'made',
      pages: [
        ...(user ? [{ path: paths.profile(user.id), title: 'pages.myProfile' as const }] : []),
        { path: paths.userPosts, title: 'pages.userPosts' },
        { path: paths.userComments, title: 'pages.userComments' },
        { path: paths.userLikes, title: 'pages.userLikes' },
        { path: paths.userFavourites, title: 'pages.userCollects' },
        { path: paths.userConfigs, title: 'pages.userConfigs' },
      ],
    },
    {
      name: 'notifications',
      pages: [
        { path: paths.notifications, title: 'pages.notifications' },
        { path: paths.notificationSettings, title: 'pages.notificationSettings' },
      ],
    },
    {
      name: 'safety',
      pages: [
        { path: paths.userReports, title: 'pages.userReports' },
        { path: paths.userBlocked, title: 'pages.userBlocked' },
        { path: paths.userBlacklist, title: 'pages.userBlacklist' },
        { path: paths.userFilters, title: 'pages.userFilters' },
      ],
    },
    {
      name: 'account',
      pages: [
        { path: paths.userSessions, title: 'pages.userSessions' },
        { path: paths.userPassword, title: 'pages.userPassword' },
        { path: paths.userData, title: 'pages.userData' },
      ],
    },
  ];
  if (user?.role === 'moderator' || user?.role === 'admin') groups.push({ name: 'staff', pages: [{ path: paths.console, title: 'pages.console' }] });
  return groups;
}

/** The legal pages, for everyone, signed in or not. */
export const legalPages: OwnPage[] = [
  { path: paths.userAgreement, title: 'pages.userAgreement' },
  { path: paths.privacy, title: 'pages.privacy' },
  { path: paths.disclaimer, title: 'pages.disclaimer' },
];
