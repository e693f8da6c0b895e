import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCurrentUser, useIsLoggedIn } from '@/platform/hooks.ts';
import { intentTo } from '@/platform/route-intent.ts';
import { Page } from '@/ui/page.tsx';
import { TabBar } from '@/ui/tab-bar.tsx';
import { LoginPrompt } from '@/entities/session/login-prompt.tsx';
import { type OwnPage, legalPages, ownPageGroups } from '@/entities/session/own-pages.ts';
import { Avatar, displayName } from '@/entities/user/avatar.tsx';
import { useProfile } from '@/features/people/api/get-profile.ts';
import { AvatarChange } from '@/features/people/components/avatar-change.tsx';
import { ProfileCounts } from '@/features/people/components/profile-counts.tsx';
import '@/features/people/components/people.css';

/**
 * The Me tab: who the person is (their name and counts, a way to their profile), then every page
 * of their own in groups — what they made, notifications, safety, account, and the console for
 * staff — and the legal pages. Logged out, a way to log in and the legal pages.
 */
export function MePage() {
  const { t } = useTranslation();
  const loggedIn = useIsLoggedIn();
  const user = useCurrentUser();
  return (
    <Page title={t('nav.me')} back={false} footer={<TabBar />}>
      <div className="me-page">
        {loggedIn ? <MeHeader /> : <LoginPrompt />}
        {loggedIn &&
          ownPageGroups(user).map((group) => <PageGroup key={group.name} title={t(`people.me.groups.${group.name}`)} pages={group.pages} />)}
        <PageGroup title={t('people.me.groups.about')} pages={legalPages} />
      </div>
    </Page>
  );
}

function MeHeader() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const profile = useProfile(user ? { id: user.id } : null);
  if (!user) return null;
  return (
    <section className="me-header" aria-label={t('pages.myProfile')}>
      <Avatar user={user} size={56} />
      <div className="me-header-names">
        <h2 className="profile-name">{displayName(user, t('common.loggedOutUser'))}</h2>
        <p className="profile-muted">@{user.username}</p>
        {profile.data && <ProfileCounts profile={profile.data} />}
        <AvatarChange />
      </div>
    </section>
  );
}

function PageGroup({ title, pages }: { title: string; pages: OwnPage[] }) {
  const { t } = useTranslation();
  return (
    <nav className="me-group" aria-label={title}>
      <h3>{title}</h3>
      <ul>
        {pages.map((page) => (
          <li key={page.path}>
            <Link to={page.path} className="me-link" {...intentTo(page.path)}>
              {t(page.title)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
