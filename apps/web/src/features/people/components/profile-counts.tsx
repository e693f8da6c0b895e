import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Profile } from '@padhub/contracts';
import { paths } from '@/paths.ts';

/** A person's counts, in plural forms; followers and following lead to their lists. */
export function ProfileCounts({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const { id } = profile.user;
  return (
    <ul className="profile-counts" aria-label={t('people.profile.counts')}>
      <li>{t('people.profile.posts', { count: profile.postCount })}</li>
      <li>
        <Link to={paths.followersOf(id)}>{t('people.profile.followers', { count: profile.followerCount })}</Link>
      </li>
      <li>
        <Link to={paths.followingOf(id)}>{t('people.profile.following', { count: profile.followingCount })}</Link>
      </li>
      <li>{t('people.profile.likes', { count: profile.likeCount })}</li>
    </ul>
  );
}
