import { useTranslation } from 'react-i18next';
import { DEREGISTERED_STATE, htmlLangTags, type Profile } from '@padhub/contracts';
import { paths } from '@/paths.ts';
import { useCurrentUser } from '@/platform/hooks.ts';
import { useSession } from '@/platform/session.ts';
import { toast } from '@/ui/antd.tsx';
import { ContentMenu } from '@/entities/post/content-menu.tsx';
import { ShareButton } from '@/entities/session/share-button.tsx';
import { reportFailure } from '@/entities/session/report-failure.ts';
import { useUnlistAuthor } from '@/entities/user/api/list-author.ts';
import { Avatar, displayName } from '@/entities/user/avatar.tsx';
import { AvatarChange } from './avatar-change.tsx';
import { BioEditor } from './bio-editor.tsx';
import { NicknameEditor } from './nickname-editor.tsx';
import { ProfileCounts } from './profile-counts.tsx';
import { FollowButton } from './follow-button.tsx';

/**
 * Who the person is: picture, names, when they joined, their bio and counts, and what the viewer
 * can do (follow, share, the "⋯" menu). Their own profile edits the nickname and the bio instead of following.
 */
export function ProfileHeader({ profile, profileKey }: { profile: Profile; profileKey: readonly unknown[] }) {
  const { t } = useTranslation();
  const lang = useSession((s) => s.lang);
  const me = useCurrentUser();
  const { user } = profile;
  const name = displayName(user, t('common.loggedOutUser'));
  if (user.state === DEREGISTERED_STATE) {
    return (
      <header className="profile-header">
        <Avatar user={user} size={72} />
        <p className="profile-gone">{t('people.profile.gone')}</p>
      </header>
    );
  }
  const mine = me?.id === user.id;
  // The session's own user: a new avatar shows here at once, before the profile is read again.
  const shown = mine && me ? { ...user, avatar: me.avatar } : user;
  const joined = new Intl.DateTimeFormat(htmlLangTags[lang], { year: 'numeric', month: 'long' }).format(new Date(profile.createdAt));
  return (
    <header className="profile-header">
      <div className="profile-top">
        <Avatar user={shown} size={72} />
        <div className="profile-names">
          {mine ? <NicknameEditor name={name} nickname={user.nickname} /> : <h2 className="profile-name">{name}</h2>}
          <p className="profile-muted">@{user.username}</p>
          <p className="profile-muted">{t('people.profile.joined', { date: joined })}</p>
        </div>
      </div>
      {mine && <AvatarChange />}
      {mine ? <BioEditor bio={profile.bio} /> : profile.bio && <p className="profile-bio">{profile.bio}</p>}
      <ProfileCounts profile={profile} />
      <div className="profile-actions">
        {!mine && !profile.blocked && <FollowButton profile={profile} profileKey={profileKey} />}
        <ShareButton path={paths.profile(user.id)} title={name} />
        {!mine && (
          <ContentMenu
            targetType="user"
            targetId={user.id}
            author={user}
            labels={{ report: t('people.menu.report'), block: t('people.menu.block'), blacklist: t('people.menu.blacklist') }}
          />
        )}
      </div>
      {profile.blocked && <BlockedNotice profile={profile} name={name} />}
    </header>
  );
}

/** A person the viewer blocked: their content stays hidden here too, with the way back. */
function BlockedNotice({ profile, name }: { profile: Profile; name: string }) {
  const { t } = useTranslation();
  const unlist = useUnlistAuthor();
  return (
    <div className="profile-blocked" role="status">
      <p>{t('people.profile.blocked', { name })}</p>
      <button
        type="button"
        className="tap profile-follow"
        disabled={unlist.isPending}
        onClick={() =>
          // Awaited, not mutate's callback: the notice goes once unblocked, the toast must not go with it.
          void unlist.mutateAsync({ list: 'blocks', userId: profile.user.id }).then(() => void toast(t('people.profile.unblocked')), reportFailure)
        }
      >
        {t('people.profile.unblock')}
      </button>
    </div>
  );
}
