import { useTranslation } from 'react-i18next';
import type { Profile } from '@padhub/contracts';
import { useRequireLogin } from '@/platform/hooks.ts';
import { useFollow } from '@/features/people/api/follow.ts';

/** Follow / Following: changes at once, goes back (with the reason) if the server refuses; logs in first when needed. */
export function FollowButton({ profile, profileKey }: { profile: Profile; profileKey: readonly unknown[] }) {
  const { t } = useTranslation();
  const requireLogin = useRequireLogin();
  const follow = useFollow(profileKey);
  const on = profile.following;
  return (
    <button
      type="button"
      className={`tap profile-follow${on ? ' profile-follow-on' : ''}`}
      aria-pressed={on}
      onClick={() => void requireLogin(() => follow.mutate({ id: profile.user.id, on: !on }))}
    >
      {t(on ? 'people.follow.following' : 'people.follow.follow')}
    </button>
  );
}
