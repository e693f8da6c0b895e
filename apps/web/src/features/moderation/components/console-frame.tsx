import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation } from 'react-router';
import { paths } from '@/paths.ts';
import { useCurrentUser, useIsLoggedIn } from '@/platform/hooks.ts';
import { intentTo } from '@/platform/route-intent.ts';
import { Empty, Loading } from '@/ui/load-state.tsx';
import { LoginPrompt } from '@/entities/session/login-prompt.tsx';
import { Page } from '@/ui/page.tsx';
import { useQueueLive } from '@/features/moderation/api/queue-live.ts';
import './console.css';
import './console-sections.css';
import './console-log.css';

const sections = [
  [paths.console, 'moderation.nav.reports'],
  [paths.consoleReview, 'moderation.nav.review'],
  [paths.consolePeople, 'moderation.nav.people'],
  [paths.consoleLog, 'moderation.nav.log'],
  [paths.consoleInsights, 'moderation.nav.insights'],
  // The shop's section (features/shop/admin, composed in app/shop-console-pages.tsx): admins only.
  [paths.consoleGoods, 'shop.admin.nav'],
  [paths.consoleGames, 'moderation.nav.games'],
  [paths.consoleWatchedWords, 'moderation.nav.watchedWords'],
  [paths.consoleRemovedPictures, 'moderation.nav.removedPictures'],
  [paths.consoleNewAccounts, 'moderation.nav.newAccounts'],
] as const;
const adminOnly: string[] = [paths.consoleGoods, paths.consoleGames, paths.consoleWatchedWords, paths.consoleNewAccounts];

/** The section a console address belongs to: the longest that starts it (the goods editor is the shop's). */
function sectionOf(pathname: string) {
  return [...sections].sort(([a], [b]) => b.length - a.length).find(([to]) => pathname === to || pathname.startsWith(`${to}/`));
}

/**
 * The console's frame: one strip of its sections, scrolled so the one on screen is in view (six do
 * not fit 390 px), the page titled by that section, and its content only for moderators and admins.
 * Hiding it here is a courtesy; the server refuses every /api/admin call to anyone else.
 */
export function ConsoleFrame({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const loggedIn = useIsLoggedIn();
  const me = useCurrentUser();
  const staff = me?.role === 'moderator' || me?.role === 'admin';
  const waiting = useQueueLive(staff);
  // How many wait in a section, once the live stream has said (the sections that have a queue).
  const count = (to: string) => (to === paths.console ? waiting?.openReports : to === paths.consoleReview ? waiting?.pendingPosts : undefined);
  const { pathname } = useLocation();
  const current = sectionOf(pathname);
  const nav = useRef<HTMLElement>(null);
  useEffect(() => {
    nav.current?.querySelector('[aria-current="page"]')?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [pathname]);
  return (
    <Page title={current ? t(current[1]) : t('pages.console')}>
      <nav ref={nav} className="console-nav" aria-label={t('moderation.nav.label')}>
        {sections.filter(([to]) => !adminOnly.includes(to) || me?.role === 'admin').map(([to, label]) => (
          <NavLink key={to} to={to} end={to === paths.console} className="console-nav-item" {...intentTo(to)}>
            {t(label)}
            {count(to) ? <span className="console-nav-count"> {count(to)}</span> : null}
          </NavLink>
        ))}
      </nav>
      {!loggedIn ? <LoginPrompt /> : !me ? <Loading /> : staff ? <div className="console-body">{children}</div> : <Empty text={t('moderation.staffOnly')} />}
    </Page>
  );
}
